import Hosts
import Loop
import SSH

/// One host's side of `SSHDFence` (ADR 0031): which sshd serves the attached connection, and
/// whether a lost connection's sshd must be stopped before the keys kept from it go again.
/// It decides; its `LinkDriver` runs the steps and holds or sends the keys.
final class LinkFence {
    /// What the next connection must do before keys kept from a lost one go.
    private enum Due: Equatable {
        case nothing
        case stop(SSHDProcess)
        /// The lost connection's sshd was never named (the host did not say in time).
        case unknown
    }

    /// How long the host may take to run the command before the kept keys go anyway.
    static let patience = Duration.seconds(5)
    static let stepInterval = Duration.milliseconds(20)

    /// The sshd serving the attached connection, once the host said.
    private var own: SSHDProcess?
    private var due = Due.nothing
    /// The command asking (and stopping) on the attached connection, while it runs.
    private var run: SSHCommandRun?
    private var startedAt = ContinuousClock.now
    /// Kept keys wait for `run`: it stops the lost connection's sshd first.
    private(set) var holding = false
    /// The status line said once that keys went again without a fence.
    private var toldUnfenced = false
    /// Steps `run` again while it goes: its answers may have been read from the socket by
    /// another channel's call, with no socket event left to announce them.
    let timer: LoopTimer

    init(loop: EventLoop) {
        timer = LoopTimer(on: loop)
    }

    var isRunning: Bool { run != nil }

    /// A connection attached (`session`: nil for a test's fake, which has no host to ask).
    /// Starts the command when the host is POSIX, stopping the lost connection's sshd first
    /// when keys kept from it wait (`holding` then). Returns why those keys go unfenced, the
    /// first time in the run that they do.
    func start(on session: SSHSession?, posix: Bool, keysKept: Bool) -> String? {
        let due = keysKept ? self.due : .nothing
        self.due = .nothing
        guard let session else { return nil }
        guard posix else {
            return due == .nothing ? nil : unfenced("Drover stops it only on Linux, macOS and other POSIX hosts")
        }
        var stopping: SSHDProcess?
        var said: String?
        switch due {
        case .stop(let old):
            stopping = old
            self.due = due   // until the fence answered: a loss before that keeps it due
        case .unknown: said = unfenced("the host had not said which sshd served it")
        case .nothing: break
        }
        run = SSHCommandRun(session: session, command: SSHDFence.command(stopping: stopping))
        startedAt = .now
        holding = stopping != nil
        return said
    }

    /// The link is lost with keys it took or had not sent: the next connection stops this
    /// connection's sshd before they go again. While an older one's fence was still due, this
    /// connection took none of them (they were held), and that older one stays due.
    func linkLost() {
        guard !holding else { return }
        due = own.map { .stop($0) } ?? .unknown
    }

    /// The connection is gone; `keysDropped`: the host ended the session, its keys went with it.
    func connectionDropped(keysDropped: Bool) {
        run = nil
        own = nil
        holding = false
        timer.cancel()
        if keysDropped { due = .nothing }
    }

    /// One step of the command: nil while it runs, else what it said. A host that will not run
    /// it (or took too long) gives an empty answer and `why`; only the connection's loss throws.
    func step(at now: ContinuousClock.Instant) throws -> (own: SSHDProcess?, outcome: SSHDFence.Outcome?, why: String)? {
        guard let run else { return nil }
        do {
            if let output = try run.step() {
                let said = SSHDFence.read(output)
                return (said.own, said.fence, "the host did not say whether it stopped")
            }
        } catch SSHError.channelRefused(let detail) {
            return (nil, nil, "the host would not run the command that stops it: \(detail)")
        } catch SSHError.protocolFailure(let operation, let detail) {
            return (nil, nil, "\(operation): \(detail)")
        }
        if now - startedAt > Self.patience { return (nil, nil, "the host did not answer within 5 s") }
        return nil
    }

    /// The command ended: its sshd is this connection's own. True when held keys may go now;
    /// the text is what to say once when they go unfenced.
    func finish(own: SSHDProcess?, outcome: SSHDFence.Outcome?, why: String) -> (release: Bool, note: String?) {
        run = nil
        timer.cancel()
        self.own = own
        guard holding else { return (false, nil) }
        holding = false
        due = .nothing
        switch outcome {
        case .stopped?, .gone?: return (true, nil)
        case .refused?: return (true, unfenced("the host refused to stop it"))
        case nil: return (true, unfenced(why))
        }
    }

    /// Today's rule, said once per run: never lost, maybe twice.
    private func unfenced(_ reason: String) -> String? {
        guard !toldUnfenced else { return nil }
        toldUnfenced = true
        return "the keys typed into the lost link are sent again without first stopping its old sshd (\(reason)); "
            + "if that sshd still reads them, they arrive twice"
    }
}

extension LinkDriver {
    /// A connection attached: the host is asked which sshd serves it, after stopping the lost
    /// connection's when keys kept from it wait (they are held until it answered).
    func startFence(_ connection: any LinkConnection) {
        let note = fence.start(on: connection.forwardingSession, posix: target.host?.platform != .windows,
                               keysKept: stream.hasKeptKeys)
        if let note { delegate?.driver(self, notes: "\(name): \(note)") }
        if fence.holding { stream.holdKept() }
        if fence.isRunning { scheduleFenceStep() }
    }

    private func scheduleFenceStep() {
        fence.timer.schedule(after: LinkFence.stepInterval) { [unowned self] in
            guard fence.isRunning else { return }
            pump()
            if fence.isRunning { scheduleFenceStep() }
        }
    }

    /// The link is lost with keys it took or had not sent (`lose`).
    func fenceLinkLost() {
        fence.linkLost()
    }

    /// One step of the fence's command (each pump, before the read); when it ended, the held
    /// keys go, at once if the session drew meanwhile or its quiet second is over.
    func stepFence() throws {
        guard let said = try fence.step(at: .now) else { return }
        let (release, note) = fence.finish(own: said.own, outcome: said.outcome, why: said.why)
        if let note { delegate?.driver(self, notes: "\(name): \(note)") }
        guard release else { return }
        if stream.endKeptHold() || !deliveryTimer.isPending { deliverPending() }
    }
}
