import Hosts
import Loop
import SSH

/// One host's side of `SSHDFence` (ADR 0031): which sshd serves the attached connection, and
/// whether a lost connection's sshd must be stopped before the keys kept from it go again.
/// Only its `LinkDriver` touches it.
struct LinkFence {
    /// What the next connection must do before keys kept from a lost one go.
    enum Due: Equatable {
        case nothing
        case stop(SSHDProcess)
        /// The lost connection's sshd was never named (the host did not say in time).
        case unknown
    }

    /// The sshd serving the attached connection, once the host said.
    var own: SSHDProcess?
    var due = Due.nothing
    /// The command asking (and stopping) on the attached connection, while it runs.
    var run: SSHCommandRun?
    var startedAt: ContinuousClock.Instant?
    /// Kept keys wait for `run`: it stops the lost connection's sshd first.
    var holding = false
    /// The status line said once that keys went again without a fence.
    var toldUnfenced = false
    /// Steps `run` again while it goes: its answers may have been read from the socket by
    /// another channel's call, with no socket event left to announce them.
    let timer: LoopTimer

    init(loop: EventLoop) {
        timer = LoopTimer(on: loop)
    }

    /// The connection is gone; `keysDropped`: the host ended the session, its keys went with it.
    mutating func connectionDropped(keysDropped: Bool) {
        run = nil
        own = nil
        holding = false
        timer.cancel()
        if keysDropped { due = .nothing }
    }
}

extension LinkDriver {
    static let fenceStep = Duration.milliseconds(20)
    /// How long the host may take to run the fence before the kept keys go anyway.
    static let fencePatience = Duration.seconds(5)

    /// A connection attached: the host is asked which sshd serves it, after stopping the lost
    /// connection's when keys kept from it wait (they are held until it answered). A host
    /// that is not POSIX (Windows) is not asked.
    func startFence(_ connection: any LinkConnection) {
        let due = stream.hasKeptKeys ? fence.due : .nothing
        fence.due = due
        guard let session = connection.forwardingSession, target.host?.platform != .windows else {
            if due != .nothing { fenceSkipped("Drover stops it only on Linux, macOS and other POSIX hosts") }
            fence.due = .nothing
            return
        }
        var stopping: SSHDProcess?
        switch due {
        case .stop(let old): stopping = old
        case .unknown: fenceSkipped("the host had not said which sshd served it")
        case .nothing: break
        }
        fence.run = SSHCommandRun(session: session, command: SSHDFence.command(stopping: stopping))
        fence.startedAt = .now
        if stopping != nil {
            fence.holding = true
            stream.holdKept()
        }
        scheduleFenceStep()
    }

    private func scheduleFenceStep() {
        fence.timer.schedule(after: Self.fenceStep) { [unowned self] in
            guard fence.run != nil, let started = fence.startedAt else { return }
            if ContinuousClock.now - started > Self.fencePatience {
                fenceFinished(own: nil, outcome: nil, why: "the host did not answer within 5 s")
                return
            }
            pump()
            if fence.run != nil { scheduleFenceStep() }
        }
    }

    /// The link is lost with keys it took or had not sent: the next connection stops this
    /// connection's sshd before they go again. While an older one's fence was still due, this
    /// connection took none of them (they were held), and that older one stays due.
    func fenceLinkLost() {
        guard !fence.holding else { return }
        fence.due = fence.own.map { .stop($0) } ?? .unknown
    }

    /// One step of the fence's command (each pump, before the read). A host that will not run
    /// it leaves the link as it is; only the connection's loss is thrown.
    func stepFence() throws {
        guard let run = fence.run else { return }
        let output: [UInt8]?
        do {
            output = try run.step()
        } catch SSHError.channelRefused(let detail) {
            fenceFinished(own: nil, outcome: nil, why: "the host would not run the command that stops it: \(detail)")
            return
        } catch SSHError.protocolFailure(let operation, let detail) {
            fenceFinished(own: nil, outcome: nil, why: "\(operation): \(detail)")
            return
        }
        guard let output else { return }
        let (own, outcome) = SSHDFence.read(output)
        fenceFinished(own: own, outcome: outcome, why: "the host did not say whether it stopped")
    }

    private func fenceFinished(own: SSHDProcess?, outcome: SSHDFence.Outcome?, why: String) {
        fence.run = nil
        fence.timer.cancel()
        fence.own = own
        guard fence.holding else { return }
        fence.holding = false
        fence.due = .nothing
        switch outcome {
        case .stopped?, .gone?: break
        case .refused?: fenceSkipped("the host refused to stop it")
        case nil: fenceSkipped(why)
        }
        // Kept keys go now if the session drew meanwhile, or its quiet second is over.
        if stream.endKeptHold() || !deliveryTimer.isPending { deliverPending() }
    }

    /// Says once per run that kept keys go again unfenced: today's rule, never lost, maybe twice.
    private func fenceSkipped(_ reason: String) {
        guard !fence.toldUnfenced else { return }
        fence.toldUnfenced = true
        delegate?.driver(self, notes: "\(name): the keys typed into the lost link are sent again without first stopping "
                         + "its old sshd (\(reason)); if that sshd still reads them, they arrive twice")
    }
}
