import Console
import Loop
import Render
import SSH
import VT
import TextSafety

/// One host of a `drover attach` run and everything that serves its link: its screen (made
/// once per run, so it outlives connections; fed and answered here, in front or hidden), the
/// lifecycle, its byte path (`HostStream`), and while connected the connection with its socket
/// watch and keepalive; the reconnect timer. One driver per host keeps each link's I/O and timers in one
/// place; the run (`AttachRun`) only decides between hosts.
///
/// Runs on the loop thread only, like the `EventLoop` it registers with.
final class LinkDriver {
    /// The host's position in the run: connect threads address their reports by it.
    let index: Int
    let target: AttachTarget
    /// What the next attempt connects to: `target`, its Windows shell probed again if asked.
    var connectTarget: AttachTarget { attempts.recheckWindowsShell ? target.recheckingWindowsShell() : target }
    /// After output was fed: herdr's screen is up once the host shows the alternate screen (its
    /// UI draws there; a shell's error message does not), so a later failure is not the shell's.
    func noteScreenDrawn() { if !attempts.sessionDrew && terminal.showsAlternateScreen { attempts.drew() } }
    /// The remote command ended, `failed`: whether to connect again with the shell re-probed.
    func rechecksWindowsShell(afterFailure failed: Bool) -> Bool { attempts.rechecksShell(afterFailure: failed) }
    /// The host's byte path: its screen (the front view views it while the host is in front) and
    /// its outbox of keys, pastes and answers; keys typed while not attached go once the
    /// session has drawn (`deliveryTimer`: anyway if it stays quiet).
    let stream: HostStream
    var screen: HostScreen { stream.screen }
    var terminal: Terminal { screen.terminal }
    /// The link's attempts and their retry decisions; only the driver's own methods write them.
    private var attempts: LinkAttempts
    var lifecycle: LinkLifecycle { attempts.lifecycle }
    var attachedOnce: Bool { attempts.attachedOnce }   // any connection of this run reached the command
    private(set) var connection: (any LinkConnection)?
    /// The person's password answers of this run, for reconnects (wiped on exit).
    let answers = LoginAnswers()
    /// Set when the host is done (session ended, or connecting failed for good; `finish`): the
    /// exit code and message Drover reports for it.
    private(set) var outcome: AttachController.Outcome?
    /// The host's echo prediction (`--predict`): the front view uses it while the host is in front,
    /// the keepalive feeds it round trips all the time.
    let echo: EchoPredictor
    /// Not retained: the run owns its drivers.
    weak var delegate: (any LinkDriverDelegate)?

    // The rest serves the link's I/O and timers (LinkDriver+Relaying, LinkDriver+Timers);
    // only the driver itself touches it.
    let loop: EventLoop
    /// Seconds between keepalives; the link is dead after `deadAfterKeepalives` silent intervals
    /// (a dead link is found by keepalives, not by waiting for TCP).
    let keepaliveInterval: Int
    static let deadAfterKeepalives = 3
    var keepalive = KeepaliveWatch()
    /// Whether typed keys get answers and the host took them (`LinkDriver+Receipts.swift`).
    var receipt = ReceiptWatch()
    /// What the next connection attempt's line does about the sshd fence (ADR 0031).
    func fenceRequest(generation: UInt64) -> LinkFence.Request { attempts.fenceRequest(generation: generation) }
    var socketWatch: EventLoop.WatchToken?
    let keepaliveTimer: LoopTimer
    /// The end of a sent keepalive's answer window, and the moment a silent link is dead.
    let answerWindowTimer: LoopTimer
    let silenceDeadline: LoopTimer
    let reconnectTimer: LoopTimer
    let deliveryTimer: LoopTimer
    /// The receipt clock's next check (`ReceiptWatch`).
    let receiptTimer: LoopTimer
    /// The pump's next turn while the channel has more: one at a time.
    let pumpAgainTimer: LoopTimer
    /// The upload's next step while it can go on at once: one at a time.
    let uploadStepTimer: LoopTimer
    /// A paste's upload on this connection and the names uploads left (`LinkDriver+Upload.swift`).
    var uploads = UploadSlot<ActiveUpload>()

    /// The host's local port forwards: listening from the start of the run, across reconnects.
    let forwards: [PortForwarder]
    /// The local agent relayed to this host (`target.forwardAgent` with an agent socket here).
    let agent: AgentForwarder?
    /// The host's remote forwards (ssh -R), asked for on each new session.
    let remoteForwards: RemoteForwards
    /// Ends this host's ended or replaced connections without waiting for the server (a lost
    /// one is reset instead: `dropConnection(reset:)`).
    let closer: SessionCloser

    /// Throws when a forward's local port cannot be listened on. `agentSocket`: the local
    /// `SSH_AUTH_SOCK`, relayed to the host when its target forwards the agent.
    init(index: Int, target: AttachTarget, terminal: Terminal, inFront: Bool, loop: EventLoop, keepaliveInterval: Int,
         predict: PredictionMode = .auto, agentSocket: String? = nil) throws {
        self.echo = EchoPredictor(mode: predict)
        self.index = index
        self.target = target
        self.stream = HostStream(screen: HostScreen(terminal: terminal))
        self.attempts = LinkAttempts(host: target.displayName, inFront: inFront)
        self.loop = loop
        self.keepaliveInterval = keepaliveInterval
        keepaliveTimer = LoopTimer(on: loop)
        answerWindowTimer = LoopTimer(on: loop)
        silenceDeadline = LoopTimer(on: loop)
        reconnectTimer = LoopTimer(on: loop)
        deliveryTimer = LoopTimer(on: loop)
        receiptTimer = LoopTimer(on: loop)
        pumpAgainTimer = LoopTimer(on: loop)
        uploadStepTimer = LoopTimer(on: loop)
        closer = SessionCloser(loop: loop)
        remoteForwards = try RemoteForwards(target.remoteForwards, loop: loop)
        forwards = try target.forwards.map { try PortForwarder(spec: $0, loop: loop) }
        agent = target.forwardAgent ? agentSocket.map { AgentForwarder(socketPath: $0, loop: loop) } : nil
        for forward in forwards {
            forward.onActivity = { [unowned self] in pumpNextTurn() }
        }
        agent?.onActivity = { [unowned self] in pumpNextTurn() }
        agent?.onUnreachable = { [unowned self] in delegate?.driver(self, notes: "\(name): \($0)") }
        remoteForwards.hook(onNote: { [unowned self] in delegate?.driver(self, notes: "\(name): \($0)") },
                            onActivity: { [unowned self] in pumpNextTurn() })
    }

    var name: String { target.displayName }

    /// Whether a typed key may go straight to the channel (attached, nothing kept before it).
    var takesKeysNow: Bool { connection != nil && stream.takesKeysNow }

    // MARK: Connecting and losing

    /// A new attempt begins (the reconnect timer, if any, is done); returns its generation.
    func beginConnect() -> UInt64 {
        cancelReconnect()
        return attempts.begin(address: target.endpoint.hostAndPort)
    }

    /// Attempt `generation` got past the handshake: it is logging in now.
    func handshakeDone(generation: UInt64) {
        attempts.handle(.handshakeDone, generation: generation)
    }

    /// Attempt `generation` met a host key that is not pinned yet: a question is due.
    func trustNeeded(fingerprint: String, generation: UInt64) {
        attempts.handle(.trustNeeded(fingerprint: fingerprint), generation: generation)
    }

    /// The host is not in front, so its trust question waits until the person brings it forward.
    func trustDeferred(generation: UInt64) {
        attempts.handle(.trustDeferred, generation: generation)
    }

    /// The person answered the trust question of attempt `generation`. A yes also lets the next
    /// loss before attaching be retried once (`LinkAttempts`).
    func trustAnswered(_ trusted: Bool, generation: UInt64) {
        attempts.trustAnswered(trusted, generation: generation)
    }

    /// The host is done (ended, or failed for good): `outcome` is what Drover reports for it,
    /// and no reconnect follows.
    func finish(_ outcome: AttachController.Outcome) {
        self.outcome = outcome
        cancelReconnect()
    }

    /// The person asked for a host that was done (failed, ended or closed) again: it is live
    /// again, and the run connects it.
    func reopen() {
        outcome = nil
    }

    /// The connection of attempt `generation` reached the remote command: it is this link's now
    /// (one left over from before is dropped first, so its watch and timers cannot outlive it).
    /// The run then redraws and calls `startDelivering()`.
    func attach(_ connection: any LinkConnection, generation: UInt64) {
        if self.connection != nil { dropConnection() }
        self.connection = connection
        stream.open(connection.terminalTransport)
        attempts.attached(generation: generation, lineFromRememberedShell: connection.lineFromRememberedShell)
        keepalive = KeepaliveWatch()
        receipt.reset()
        // The local terminal (or the host's emulator) may have been resized while connecting.
        // Unchanged since the PTY request: no window change (a packet the first output waited behind).
        if connection.requestedSize.map({ $0 != (terminal.columns, terminal.rows) }) ?? true {
            resizeRemote(columns: terminal.columns, rows: terminal.rows)
        }
        watchSocket()
        if let session = connection.forwardingSession {
            for forward in forwards { forward.sessionStarted(session) }
            agent?.sessionStarted(session)
            remoteForwards.sessionStarted(session)
        }
        connection.configureKeepalive(interval: keepaliveInterval)
        scheduleKeepalive()
    }

    /// The link failed or dropped: `LinkAttempts` decides whether it is retried; the
    /// connection goes first, then the lifecycle hears of the loss (the run then asks
    /// `scheduleReconnect`).
    func lose(_ reason: String, recoverable: Bool, generation: UInt64) {
        let wasAttached = attempts.attachedOnce
        let hadConnection = connection != nil
        let retry = attempts.retriesLoss(recoverable: recoverable, unprovenKeys: hadConnection && stream.hasUnprovenKeys)
        dropConnection(reset: true)
        attempts.handle(.lost(reason: reason, recoverable: retry), generation: generation)
        // Keys it took without proof, had not sent, or kept from before and not released yet
        // (its session had not drawn): all wait for the next connection now.
        delegate?.driverLost(self, wasAttached: wasAttached, keptItsKeys: hadConnection && stream.hasKeptKeys)
    }

    /// The remote command ended: herdr detached (ctrl+b q) or exited. The channel's close and
    /// the goodbye finish in later loop turns (`SessionCloser`); the run hears how the command
    /// ended once the server said so (usually at once), or after the closer's patience.
    func remoteEnded() {
        attempts.handle(.remoteEnded, generation: lifecycle.generation)
        dropConnection { [weak self] exit in
            guard let self else { return }
            delegate?.driver(self, ended: exit)
        }
    }

    /// Forgets the connection and everything registered for it, and hands it to the closer.
    /// `ended`: the remote command ended, and gets its exit once the server said. `reset`: the
    /// link was lost, so no goodbye is waited for and its socket closes with a reset.
    func dropConnection(ended: ((SSHExit?) -> Void)? = nil, reset: Bool = false) {
        if let socketWatch { loop.unwatch(socketWatch) }
        socketWatch = nil
        for timer in [keepaliveTimer, answerWindowTimer, silenceDeadline, deliveryTimer, pumpAgainTimer, uploadStepTimer,
                      receiptTimer] {
            timer.cancel()
        }
        receipt.reset()
        // A lost link's unproven keys are kept for the next connection; an ended session's are not.
        stream.close(keepingKeys: ended == nil)
        let cancelled = cancelUpload()
        for forward in forwards { forward.sessionEnded() }
        agent?.sessionEnded()
        remoteForwards.sessionEnded()
        let dropped = connection
        connection = nil
        if reset { dropped?.reset() } else { dropped?.close(through: closer, done: ended) }
        cancelled?.done(.failure(.linkDropped("the link to \(name) dropped")))
        cancelled?.next?()
    }

    /// Drover is ending: the link goes down and the kept passwords are zeroed.
    func shutDown() {
        cancelReconnect()
        dropConnection()
        closer.finishNow()
        answers.wipe()
    }

    // MARK: Front and back

    /// Another host comes to the front: this one stops reconnecting by itself, and loses the
    /// focus (a focus-out, if its program asked for focus reports).
    func moveBehind() {
        attempts.inFront = false
        cancelReconnect()
        reportFocus(false)
    }

    /// This host comes to the front at the local terminal's size (its emulator and its PTY),
    /// and gets the focus back (a focus-in, if its program asked for focus reports).
    func moveToFront(columns: Int, rows: Int) {
        if terminal.columns != columns || terminal.rows != rows {
            terminal.resize(columns: columns, rows: rows)
            resizeRemote(columns: columns, rows: rows)
        }
        attempts.inFront = true
        reportFocus(true)
    }

    /// `ESC [ I` / `ESC [ O` while the host's program has `?1004` on and the session takes keys
    /// (a report is never kept for later: the program asks again when it is back).
    private func reportFocus(_ gained: Bool) {
        guard takesKeysNow else { return }
        let bytes = InputEncoder(modes: terminal.modes).encode(.focus(gained))
        if !bytes.isEmpty { type(bytes) }
    }

    /// The remote PTY follows the local terminal (the host in front only). A size not sent
    /// whole yet waits in the stream for the socket to be writable, which the watch must then
    /// ask for: an idle host gives no other event to send it on.
    func resizeRemote(columns: Int, rows: Int) {
        guard connection != nil else { return }
        stream.resize(columns: columns, rows: rows)
        updateSocketEvents()
    }
}
