/// Whether what the person types gets an answer (ADR 0031), so a dead link is noticed while
/// they type instead of after the keepalive's three silent intervals. The first key written
/// while nothing has been heard since starts the clock: after `suspectAfter` (three round
/// trips, at least 1 s) the status line says "no answer for N s" and a receipt probe goes at
/// once; if still nothing is heard by the deadline (eight round trips, at least 4 s after that
/// first key) the link is declared dead. Anything heard counts as an answer (the echo, other
/// output, a probe's or keepalive's answer, a window adjust), so a busy host merely slow to
/// echo is never declared dead: it still answers the probe. An idle link starts no clock and
/// keeps the keepalive's cheap schedule. A wake (the loop ran far later than scheduled) starts
/// the clock too, with a short deadline (`expectAnswer`).
///
/// A value with no I/O: the driver sends the probes and keeps the timer
/// (`LinkDriver+Receipts.swift`); `ReceiptWatchTests` drive it with made-up instants.
struct ReceiptWatch {
    typealias Instant = ContinuousClock.Instant
    /// When the first key unanswered so far was written (nil: everything was answered).
    private(set) var firstUnanswered: Instant?
    /// When the link is declared dead unless something is heard first.
    private(set) var deadline: Instant?
    /// True once "no answer" is shown, until something is heard.
    private(set) var suspected = false
    private enum Probe { case wanted, out(mark: Int, sentAt: Instant) }
    /// A probe asked for and not sent yet, or out: how many key bytes had been written when
    /// it went, and when.
    private var probe: Probe?
    /// Another probe must go once the one out is answered: the machine's addresses changed
    /// (or it woke) after that one went, so its answer may have crossed the old path.
    private var probeAgain = false
    /// The last probe's round trip (nil before the first answer).
    private(set) var roundTrip: Duration?

    /// True while a probe is wanted or out: the driver steps it on each pump.
    var probePending: Bool { probe != nil }
    var suspectAfter: Duration { max(.seconds(1), (roundTrip ?? .zero) * 3) }
    var deadAfter: Duration { max(.seconds(4), (roundTrip ?? .zero) * 8) }

    /// Keys were written at `now`. True when they start the clock (none was unanswered).
    mutating func typed(at now: Instant) -> Bool {
        guard firstUnanswered == nil else { return false }
        firstUnanswered = now
        deadline = now + deadAfter
        return true
    }

    /// The link must answer by `now + within` (after a wake): as if a key went unanswered now,
    /// or sooner if one already did.
    mutating func expectAnswer(at now: Instant, within: Duration) {
        firstUnanswered = min(firstUnanswered ?? now, now)
        deadline = min(deadline ?? now + within, now + within)
    }

    /// The host spoke. True when that ends a "no answer" notice (redraw the status line).
    mutating func heard() -> Bool {
        defer { suspected = false }
        firstUnanswered = nil
        deadline = nil
        return suspected
    }

    /// What a check at `now` finds.
    enum Verdict: Equatable {
        case answered
        /// Unanswered, not for long: check again at `suspectAt`.
        case waiting(until: Instant)
        /// Unanswered for `suspectAfter`: say so (`newly`: for the first time) and probe.
        case silent(newly: Bool)
        case dead(silentSeconds: Int64)
    }

    mutating func check(at now: Instant) -> Verdict {
        guard let first = firstUnanswered, let deadline else { return .answered }
        if now >= deadline { return .dead(silentSeconds: (now - first).components.seconds) }
        let suspectAt = first + suspectAfter
        if now < suspectAt && deadline > suspectAt { return .waiting(until: suspectAt) }
        defer { suspected = true }
        return .silent(newly: !suspected)
    }

    /// A probe is due now (unless one is wanted or out already).
    mutating func wantProbe() {
        if probe == nil { probe = .wanted }
    }

    /// A probe sent from now on is due (a wake, an address change): one out already is
    /// followed by another once it is answered.
    mutating func wantProbeSentFromNow() {
        if case .out = probe { probeAgain = true } else { wantProbe() }
    }

    /// The probe was stepped at `now` (`mark`: key bytes written so far); a wanted one went
    /// (it vouches for `mark`). Answered: returns the mark it vouched for, keeps its round trip.
    mutating func probeStepped(answered: Bool, mark: Int, at now: Instant) -> Int? {
        if case .wanted = probe { probe = .out(mark: mark, sentAt: now) }
        guard answered, case .out(let vouched, let sentAt) = probe else { return nil }
        probe = probeAgain ? .wanted : nil
        probeAgain = false
        roundTrip = now - sentAt
        return vouched
    }

    /// The server refused the probe without dropping the link: it proves nothing (the clock
    /// goes on; anything heard still stops it).
    mutating func probeRefused() {
        probe = nil
        probeAgain = false
    }

    /// The link is gone or new: nothing is pending (the round trip is kept).
    mutating func reset() {
        firstUnanswered = nil
        deadline = nil
        suspected = false
        probe = nil
        probeAgain = false
    }

    /// "mac: no answer for 2 s; reconnecting after 4 s of silence" while suspected.
    func statusNote(host: String, at now: Instant) -> String? {
        guard suspected, let first = firstUnanswered, let deadline else { return nil }
        let seconds = (now - first).components.seconds
        return "\(host): no answer for \(seconds) s; reconnecting after \((deadline - first).components.seconds) s of silence"
    }
}
