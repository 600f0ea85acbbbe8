import Loop
import SSH

/// The driver's side of `ReceiptWatch` (ADR 0031): the probes that prove the host took the
/// keys written, the clock that finds a link dead while keys go unanswered, and the wake check.
/// The decisions are the watch's; this sends and reads.
extension LinkDriver {
    /// A loop turn this much later than its timer was due means the process did not run
    /// meanwhile (a sleeping laptop, a stopped process): every link is asked at once.
    static let wakeLateness = Duration.seconds(3)
    /// How long a link may take to answer after a wake before it is replaced.
    static let wakeAnswerWindow = Duration.seconds(2)

    /// Keys went to the channel (or wait for it): they start the clock unless something
    /// unanswered did already, and a probe goes behind them now (unless one is out: its answer
    /// sends the next), so keys stay unproven for about one round trip, and a link lost just
    /// after a command ran does not run it again.
    func keysWritten() {
        guard connection != nil else { return }
        _ = receipt.typed(at: .now)
        if !receiptTimer.isPending { scheduleReceiptCheck(after: receipt.suspectAfter) }
        if stream.hasUnprovenKeys, !receipt.probePending {
            receipt.wantProbe()
            pumpNextTurn()
        }
    }

    /// The host spoke: its bytes woke the socket watch, a probe was answered, or output libssh2
    /// had taken off the socket during another call was read, which no watch hears. A flood's
    /// whole window can wait there for seconds while a slow or busy machine feeds it to the
    /// screen, the socket silent because the host may send no more: both dead-link clocks, the
    /// keys' and the keepalive's, stop for it, or a link still delivering would be replaced.
    func heard() {
        let keepaliveNoteEnded = keepalive.heard()
        if let roundTrip = keepalive.takeRoundTrip() { echo.record(roundTrip: roundTrip) }
        if receipt.heard() || keepaliveNoteEnded { delegate?.driverStatusChanged(self) }
    }

    /// The process ran again long after it should have: the link must prove itself alive
    /// within `wakeAnswerWindow`, or it is replaced.
    func woke() {
        guard connection != nil else { return }
        receipt.expectAnswer(at: .now, within: Self.wakeAnswerWindow)
        receipt.wantProbeSentFromNow()
        pumpNextTurn()
        if let deadline = receipt.deadline { receiptTimer.schedule(at: deadline) { [unowned self] in checkReceipts() } }
    }

    private func scheduleReceiptCheck(after delay: Duration) {
        receiptTimer.schedule(after: delay) { [unowned self] in checkReceipts() }
    }

    /// The clock's tick: dead, silent (say so and probe), or only keys to prove (probe).
    func checkReceipts() {
        guard connection != nil else { return }
        let now = ContinuousClock.now
        switch receipt.check(at: now) {
        case .dead(let seconds):
            lose("no answer from the host for \(seconds) s", recoverable: true, generation: lifecycle.generation)
            return
        case .silent(let newly):
            if newly { delegate?.driverFellSilent(self) }
            receipt.wantProbe()
            if let deadline = receipt.deadline { receiptTimer.schedule(at: deadline) { [unowned self] in checkReceipts() } }
        case .waiting(let until):
            receiptTimer.schedule(at: until) { [unowned self] in checkReceipts() }
        case .answered:
            break
        }
        if stream.hasUnprovenKeys { receipt.wantProbe() }
        // The probe goes (or its answer is looked for) on the pump's next turn: one read per turn.
        if receipt.probePending { pumpNextTurn() }
    }

    /// Sends the probe that is wanted, or looks for the answer of the one out (each pump,
    /// before the read: the request's wait may have taken output into libssh2, which the read
    /// then finds). An answer proves the keys written before it; later keys get the next probe.
    /// A channel the host ended is not probed (its end is the pump's to report), and a probe
    /// the server refused in another way than dropping the link proves nothing and is dropped.
    func stepReceiptProbe(_ connection: any LinkConnection) throws {
        guard receipt.probePending, !stream.receivedEOF else { return }
        let mark = stream.keyBytesWritten
        let step: SSHChannel.ReceiptProbe
        do {
            step = try connection.stepReceiptProbe()
        } catch SSHError.protocolFailure {
            receipt.probeRefused()
            return
        }
        guard step != .notSent else { return }
        guard let proven = receipt.probeStepped(answered: step == .answered, mark: mark, at: .now) else { return }
        // The answer is the host speaking, whether or not its bytes woke the socket watch: libssh2
        // may have read them during another call, leaving the socket with nothing to report.
        heard()
        if receipt.probePending {
            // Another is wanted: the machine's addresses changed (or it woke) while this one was
            // out, and its answer may have crossed the old path. The new one goes on the next
            // turn and must be answered within the wake's window too.
            receipt.expectAnswer(at: .now, within: Self.wakeAnswerWindow)
            if let deadline = receipt.deadline { receiptTimer.schedule(at: deadline) { [unowned self] in checkReceipts() } }
            pumpNextTurn()
        }
        if let roundTrip = receipt.roundTrip { echo.record(roundTrip: roundTrip) }
        stream.proven(through: proven)
        // Keys written while it was out: the next probe goes behind them now.
        if stream.hasUnprovenKeys { receipt.wantProbe() }
    }
}
