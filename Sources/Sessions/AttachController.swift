import Console
import Loop
import Files
import Foundation
import Render
import SSH
import VT

/// `drover attach HOST...`: the herdr sessions of one or more hosts in the local terminal.
///
/// Everything runs on one thread around Console's `EventLoop`: the local tty, the SSH sockets,
/// signals and timers. Only connecting runs beside it (`ConnectAttempt`, one thread per
/// attempt) so the screen stays live; a finished connection is handed to the loop thread whole.
/// Remote bytes only reach their host's emulator; the local terminal only receives frames the
/// renderer draws from the front host's emulator. Emulators outlive
/// connections: when a link drops, Drover says so, the front host reconnects with backoff
/// (`HostSession`) and the kept screen stays. Hidden hosts keep receiving output, so switching
/// (`HostRing`) is a redraw; a hidden host whose link drops waits until it is brought forward.
public final class AttachController {
    /// How `run()` ended: the exit code and a message for stderr after the terminal is restored.
    public struct Outcome: Equatable, Sendable {
        public var exitCode: Int32
        public var message: String
    }

    let targets: [AttachTarget]
    let root: DroverRoot
    let environment: [String: String]
    let options: SSHOptions
    /// Seconds between keepalives; a link is declared dead after `deadAfterKeepalives` silent
    /// intervals (a dead link is found by keepalives, not by waiting for TCP).
    public var keepaliveInterval = 15
    let deadAfterKeepalives = 3

    var links: [HostLink] = []
    var ring: HostRing
    var outcome: Outcome?
    /// Questions from connect threads (trust, password); the first is shown and gets the
    /// local input, the others wait their turn.
    var questions: [Question] = []
    /// Where connect threads report (`ConnectAttempt`).
    var mailbox: Mailbox<ConnectMessage>!
    var picker: HostPicker?
    /// Shown for a moment after a switch (`mac (2/3)`), in front of the state line.
    var banner: String?
    var bannerTimer: EventLoop.TimerToken?
    var countdownTimer: EventLoop.TimerToken?

    var loop: EventLoop!
    var relay: RelayLoop!
    var console: TerminalSession!

    /// The host whose screen is shown and which gets the person's input.
    var front: HostLink { links[ring.front] }

    /// - Parameter targets: the hosts, in the order `ctrl+] n` visits them; the first starts in
    ///   front. At least one.
    public init(targets: [AttachTarget], root: DroverRoot, environment: [String: String],
                options: SSHOptions = SSHOptions()) {
        self.targets = targets
        self.root = root
        self.environment = environment
        self.options = options
        self.ring = HostRing(names: targets.map(\.displayName))
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
        do {
            console = try TerminalSession()
            defer { console.restore() }
            loop = try EventLoop()
            mailbox = try loop.mailbox { [unowned self] message in receive(message) }
            let size = console.size ?? (columns: 80, rows: 24)
            links = targets.enumerated().map { index, target in
                HostLink(target: target, terminal: Terminal(columns: size.columns, rows: size.rows), inFront: index == 0)
            }
            relay = RelayLoop(
                loop: loop, terminal: links[0].terminal,
                configuration: .init(capabilities: .detect(environment: environment)),
                sendToRemote: { [unowned self] bytes in typed(bytes) },
                writeLocal: { bytes in try? TerminalOutput.writeAll(STDOUT_FILENO, bytes) },
                forwards: { [unowned self] event in front.takesKeysNow || keepsForLater(event) })
            relay.onCommand = { [unowned self] command in handle(command) }
            relay.attachLocalTerminal(console, onResize: { [unowned self] columns, rows in
                try? front.connection?.channel.resize(columns: columns, rows: rows)
            }, onClosed: { [unowned self] in
                finish(1, "The local terminal closed; the herdr \(sessionsKeepRunning).")
            })
            for link in links where outcome == nil { connect(link) }
            if outcome == nil { try loop.run() }
        } catch {
            return Outcome(exitCode: 1, message: "drover: \(error)")
        }
        // Connect threads still running are not waited for: their questions are declined and
        // whatever they finish later is theirs to drop.
        for message in mailbox?.close() ?? [] { message.decline() }
        for question in questions { question.reply(nil) }
        questions.removeAll()
        for link in links {
            link.connection?.disconnect()
            link.answers.wipe()
        }
        return outcome ?? Outcome(exitCode: 0, message: "")
    }

    /// "session keeps running on mac" / "sessions keep running on mac, pi".
    var sessionsKeepRunning: String {
        links.count == 1 ? "session keeps running on \(links[0].name)"
            : "sessions keep running on \(ring.names.joined(separator: ", "))"
    }
}
