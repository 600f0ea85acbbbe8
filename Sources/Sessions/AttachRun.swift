import Console
import LibC
import Loop
import Files
import Hosts
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Render
import SSH
import VT
import TextSafety

/// One `drover attach` run, from the moment the terminal is Drover's until it is given back.
/// `AttachController.run()` builds it; everything it needs exists from `init` on (loop,
/// front view, mailbox, one `LinkDriver` per host), so nothing in it is optional or set later.
/// Hosts opened with `ctrl+] o` join `drivers` (and the ring, the alerts and the snapshots)
/// under the next index; none ever leaves, so an index names one host for the whole run.
///
/// Its own job is deciding between hosts: which one is in front (`HostRing`), who gets the
/// local input (`InputRouter`), what the overlay says (asked per frame), and when Drover ends. Each link's I/O
/// and timers are its driver's; questions from connect threads wait in the router.
final class AttachRun {
    let loop: EventLoop
    let frontView: FrontView
    /// The local terminal's output queue: frames never block the loop (`ConsoleWriter`).
    let consoleWriter: ConsoleWriter
    /// Where connect threads report (`ConnectAttempt`).
    let mailbox: Mailbox<ConnectMessage>
    /// One per host, in command-line order, then the hosts opened during the run (`ring`
    /// indexes them).
    var drivers: [LinkDriver]
    /// Makes the drivers, and resolves what `ctrl+] o` is given.
    let hostFactory: HostFactory
    /// Resolves what `ctrl+] o` names, and lists its herdr sessions, off the loop thread (nil: no
    /// resolver was handed down).
    let hostLookup: HostLookup?
    let root: DroverRoot
    let environment: [String: String]
    let options: SSHOptions
    /// Clipboard policy, `--notify` and the recording (`AttachRun+Alerts.swift`).
    let signalOptions: AttachAlertOptions
    /// Bells, notifications and clipboard writes of every host, and the person's copies.
    let alertCentre: AlertCentre
    /// Past screens of every host for history mode's rewind, within one memory budget.
    let snapshots: SnapshotRecorder
    /// Where paste jobs' worker threads report what they read (`AttachRun+Paste.swift`).
    let pasteResults: Mailbox<PasteGathered>
    /// The paste being turned into an upload, if any; keys for its host wait behind it (in
    /// that host's outbox).
    let paste: PasteCoordinator
    var pasteJob: PasteJob? { paste.job }

    var ring: HostRing
    /// The hosts (driver indexes) that reached their remote command at least once this run:
    /// only their sessions can keep running after a detach.
    var everAttached: Set<Int> = []
    /// The last `--copy-command` failure, until the next copy (history mode shows it).
    var copyFailure: String?
    /// Set once: how Drover ends. The loop stops when it is set.
    var outcome: AttachController.Outcome?
    /// Who gets each local event: questions, the picker, help, history, pastes, the front host.
    var input = InputRouter()
    /// Shown for a moment after a switch (`mac (2/3)`), in front of the state line.
    var banner: StatusLine.Banner?
    /// Asks for a frame when the banner's time is up (a newer banner's replaces it).
    let bannerTimer: LoopTimer
    let countdownTimer: LoopTimer
    /// Whether this kind of local terminal was told it reports no modified keys before, and
    /// whether this run's note was up long enough to be read (remembered in `close()`).
    let keyboardNotes: KeyboardNoteMemory
    /// Asks every link to prove itself when the machine's addresses change (ADR 0031).
    private(set) var addressWatch: AddressWatch?

    /// The host whose screen is shown and which gets the person's input.
    var front: LinkDriver { drivers[ring.front] }

    /// Takes over `console` (already in raw mode) for `targets`: builds the loop, the front view on
    /// the first host's emulator and a driver per host. Connecting starts with `run()`.
    init(targets: [AttachTarget], console: ConsoleSession, root: DroverRoot, environment: [String: String],
         options: SSHOptions, keepaliveInterval: Int, signalOptions: AttachAlertOptions = AttachAlertOptions(),
         predict: PredictionMode? = nil, history: HistorySettings = HistorySettings(),
         resolveHost: HostFactory.Resolve? = nil, listSessions: HostLookup.ListSessions? = nil) throws {
        // Read here, on the thread that will run the loop, before it runs: a small file.
        let keyboardNotes = try KeyboardNoteMemory(root: root, environment: environment)
        let loop = try EventLoop()
        // The front view and the mailbox call back into this run, but both must exist before it
        // does: their closures reach it through `owner`, filled in once `self` is complete.
        // Weak, because the run owns them.
        weak var owner: AttachRun?
        self.mailbox = try loop.mailbox { (message: ConnectMessage) in
            guard let owner else { return message.decline() }
            owner.receive(message)
        }
        self.pasteResults = try loop.mailbox { (gathered: PasteGathered) in owner?.receive(gathered) }
        let size = console.size ?? (columns: 80, rows: 24)
        // Prediction: the attach flag, else the host's setting, else auto.
        let hostFactory = HostFactory(resolve: resolveHost, keepaliveInterval: keepaliveInterval, predict: predict,
                                      agentSocket: RemoteConnection.agentSocket(in: environment))
        self.hostFactory = hostFactory
        hostLookup = try resolveHost.map { try HostLookup(resolve: $0, listSessions: listSessions, loop: loop) }
        let drivers = try targets.enumerated().map { index, target in
            try hostFactory.driver(index: index, target: target, inFront: index == 0, size: size, loop: loop)
        }
        let consoleWriter = ConsoleWriter(descriptor: console.frameOutput, loop: loop)
        self.consoleWriter = consoleWriter
        var configuration = FrontView.Configuration(capabilities: .detect(environment: environment))
        configuration.notificationStyle = .detect(environment: environment)
        self.frontView = FrontView(
            loop: loop, screen: drivers[0].screen, configuration: configuration,
            sendToRemote: { bytes in owner?.typed(bytes) },
            output: consoleWriter,
            passesToHost: { event in owner?.passesToHost(event) ?? false })
        let frontView = self.frontView
        self.alertCentre = try AlertCentre(
            hosts: targets.map { AlertCentre.Host(name: $0.displayName, clipboard: signalOptions.clipboard ?? $0.host?.clipboard ?? .write) },
            notify: signalOptions.notify, copyCommand: signalOptions.copyCommand, loop: loop,
            signal: { frontView.alert($0) }, copyFailed: { owner?.copyFailed($0) })
        self.loop = loop
        bannerTimer = LoopTimer(on: loop)
        countdownTimer = LoopTimer(on: loop)
        paste = PasteCoordinator(loop: loop)
        self.drivers = drivers
        self.root = root
        self.environment = environment
        self.keyboardNotes = keyboardNotes
        self.options = options
        self.signalOptions = signalOptions
        signalOptions.recorder?.begin(columns: size.columns, rows: size.rows, term: environment["TERM"])
        self.ring = HostRing(names: targets.map(\.displayName))
        self.snapshots = SnapshotRecorder(loop: loop, terminals: drivers.map(\.terminal), budget: history.budget)
        owner = self
        addressWatch = AddressWatch(loop: loop) { owner?.addressesChanged() }

        for driver in drivers { driver.delegate = self }
        frontView.owner = self
        wirePredictors()
        frontView.attachLocalTerminal(console, onResize: { [unowned self] columns, rows in
            front.resizeRemote(columns: columns, rows: rows)
            recordResize()
        }, onClosed: { [unowned self] in
            finish(1, "The local terminal closed." + sessionsKeptNote)
        })
    }

    /// Connects every host and runs the loop until Drover ends. The last frame is finished
    /// (waiting a moment at most) before the caller restores the terminal.
    func run() throws -> AttachController.Outcome {
        defer { consoleWriter.finish(within: .milliseconds(500)) }
        // What the start ran once (options, the registry, configuration) is released before
        // the connections' code and the frames come in (ADR 0033, wave 7).
        releaseCleanFileMappings()
        for driver in drivers where outcome == nil { connect(driver) }
        if outcome == nil { try loop.run() }
        return outcome ?? AttachController.Outcome(exitCode: 0, message: "")
    }

    /// Lets go of everything once the loop has stopped (the terminal is already restored).
    /// Connect threads still running are not waited for: their questions are declined and
    /// whatever they finish later is theirs to drop. Returns why the keyboard note could not
    /// be remembered, if it could not (a loose lock file, a full disk).
    @discardableResult
    func close() -> Error? {
        if outcome == nil { outcome = AttachController.Outcome(exitCode: 1, message: "") }
        for message in mailbox.close() { message.decline() }
        alertCentre.close()
        _ = pasteResults.close()
        for question in input.removeAllQuestions() { question.reply(nil) }
        for driver in drivers { driver.shutDown() }
        signalOptions.recorder?.close()
        // Written here, not while the loop runs: a file write may wait on the disk.
        return keyboardNotes.rememberIfRead()
    }

    /// Ends the run with `code` and `message` (the first call wins).
    func finish(_ code: Int32, _ message: String) {
        guard outcome == nil else { return }
        outcome = AttachController.Outcome(exitCode: code, message: message)
        for driver in drivers { driver.cancelReconnect() }
        loop.stop()
    }

    /// The machine's addresses changed (another network, a VPN): a link may be on a path that
    /// is gone, so every link must answer within the wake's window or is replaced.
    func addressesChanged() {
        for driver in drivers {
            driver.woke()
            // A link waiting out its backoff may have been cut by the path that just changed.
            retryNow(driver)
        }
    }

    /// " The herdr session keeps running on mac." for the hosts that reached herdr in this run
    /// (never one that did not connect, nor a `--command` host); empty when there is none.
    var sessionsKeptNote: String {
        let kept = drivers.filter { everAttached.contains($0.index) && $0.target.runsHerdr }.map(\.name)
        if kept.isEmpty { return "" }
        return kept.count == 1 ? " The herdr session keeps running on \(kept[0])."
            : " The herdr sessions keep running on \(kept.joined(separator: ", "))."
    }
}
