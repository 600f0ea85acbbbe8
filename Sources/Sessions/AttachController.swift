import Console
import History
import LibC
import Loop
import Files
import Hosts
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SSH
import TextSafety

/// `drover attach HOST...`: the herdr sessions of one or more hosts in the local terminal.
///
/// Everything runs on one thread around Loop's `EventLoop`: the local tty, the SSH sockets,
/// signals and timers. Only connecting runs beside it (`ConnectAttempt`, one thread per
/// attempt) so the screen stays live; a finished connection is handed to the loop thread whole.
/// Remote bytes only reach their host's emulator; the local terminal only receives frames the
/// renderer draws from the front host's emulator. Emulators outlive
/// connections: when a link drops, Drover says so, the front host reconnects with backoff
/// (`LinkLifecycle`) and the kept screen stays. Hidden hosts keep receiving output, so switching
/// (`HostRing`) is a redraw; a hidden host whose link drops waits until it is brought forward.
///
/// This type holds what the command line chose; `run()` builds the run itself (`AttachRun`,
/// one `LinkDriver` per host) once the terminal is Drover's, and drops it when it is given back.
public final class AttachController {
    /// How `run()` ended: the exit code and a message for stderr after the terminal is restored.
    public struct Outcome: Equatable, Sendable {
        public var exitCode: Int32
        public var message: String
    }

    /// The prefix keys, one line each, for `drover attach --help` (the `?` box shows the same).
    public static var keyHelpLines: [String] { PrefixKeyHandler.helpLines }
    /// History mode's keys, for `drover attach --help`.
    public static var historyHelpLines: [String] { HistoryView.helpLines }

    let targets: [AttachTarget]
    let root: DroverRoot
    let environment: [String: String]
    let options: SSHOptions
    /// Seconds between keepalives; a link is declared dead after
    /// `LinkDriver.deadAfterKeepalives` silent intervals.
    public var keepaliveInterval = 15
    /// `--clipboard`, `--notify`, `--record` (ADR 0011, 0029).
    public var signalOptions = AttachAlertOptions()
    /// `--predict` for every host of this run; nil uses each host's own setting (default auto).
    public var predict: PredictionMode?
    /// `--copy-command` and the rewind's budget.
    public var history = HistorySettings()
    /// Turns what `ctrl+] o` is given (a registry name, an ssh_config Host, `user@host[:port]`)
    /// into a target; its error's description is shown. nil: `ctrl+] o` says it cannot.
    /// (The resolver lives in DroverCLI, which Sessions cannot import.)
    public var resolveHost: (@Sendable (String) throws -> AttachTarget)?
    /// Lists a resolved target's herdr sessions for `ctrl+] o` to offer (without asking
    /// anything on the terminal); its error's description is shown. nil: none are offered.
    public var listSessions: (@Sendable (AttachTarget) throws -> HerdrSessionList)?

    /// - Parameter targets: the hosts, in the order `ctrl+] n` visits them; the first starts in
    ///   front. At least one.
    public init(targets: [AttachTarget], root: DroverRoot, environment: [String: String],
                options: SSHOptions = SSHOptions()) {
        // herdr sends no notification unless it knows the terminal (ADR 0029).
        let terminal = AnnouncedTerminal(localEnvironment: environment)
        self.targets = targets.map { $0.announcing(terminal) }
        self.root = root
        self.environment = environment
        self.options = options
    }

    public convenience init(target: AttachTarget, root: DroverRoot, environment: [String: String],
                            options: SSHOptions = SSHOptions()) {
        self.init(targets: [target], root: root, environment: environment, options: options)
    }

    /// Takes over the local terminal until the person detaches, every session ends, or
    /// connecting fails for good. The terminal is restored before this returns.
    public func run() -> Outcome {
        guard !targets.isEmpty else {
            return Outcome(exitCode: 2, message: "drover attach needs at least one host; name one from 'drover hosts'.")
        }
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            return Outcome(exitCode: 1, message: "drover attach needs a terminal on stdin and stdout; run it in an interactive terminal window.")
        }
        var attach: AttachRun?
        var outcome: Outcome
        do {
            let console = try ConsoleSession()
            defer { console.restore() }
            var signals = signalOptions
            signals.notify = signals.notify.resolved(for: targets, environment: environment)
            let run = try AttachRun(targets: targets, console: console, root: root, environment: environment,
                                    options: options, keepaliveInterval: keepaliveInterval,
                                    signalOptions: signals, predict: predict,
                                    history: history, resolveHost: resolveHost.map { resolve in
                                        let terminal = AnnouncedTerminal(localEnvironment: environment)
                                        return { @Sendable in try resolve($0).announcing(terminal) }
                                    }, listSessions: listSessions)
            attach = run
            outcome = try run.run()
        } catch {
            outcome = Outcome(exitCode: 1, message: "drover: \(error)")
        }
        // After the terminal is given back: what could not be kept is said below the run's message.
        if let failure = attach?.close() {
            outcome.message += (outcome.message.isEmpty ? "" : "\n") + "drover: \(failure)"
        }
        return outcome
    }
}
