/// When a link last spoke and whether the last keepalive went unanswered: the status line
/// says "no answer for N s" from the first unanswered keepalive, long before the link is
/// declared dead, so a silent host is never a silent Drover.
struct KeepaliveWatch: Sendable {
    private(set) var lastInbound: ContinuousClock.Instant
    /// When the last keepalive was sent (nil before the first).
    private var lastProbe: ContinuousClock.Instant?
    /// True from a keepalive tick that found the previous keepalive unanswered until the link
    /// speaks again.
    private(set) var unanswered = false
    /// The time from the last keepalive to the first thing heard after it, a round-trip
    /// sample, kept only when the host had been quiet for `answerWindow` before the keepalive:
    /// libssh2 sends one after an interval without *sending*, so on a host that keeps printing
    /// (a clock, herdr's redraws) the first thing heard is unrelated output, not the answer.
    private var roundTrip: Duration?
    /// Whether the host had been quiet long enough before the last keepalive to time it.
    private var probeAfterQuiet = false

    init(now: ContinuousClock.Instant = .now) {
        lastInbound = now
    }

    /// What a keepalive tick found.
    enum Verdict: Equatable, Sendable {
        case answering
        /// The previous keepalive got no answer: say so.
        case unanswered
        /// Silent for longer than the limit: the link is dead.
        case dead(silentSeconds: Int64)
    }

    /// The link spoke. Returns true when that ends an "unanswered" notice (redraw the status).
    mutating func heard(at now: ContinuousClock.Instant = .now) -> Bool {
        if let lastProbe, probeAfterQuiet, lastInbound < lastProbe, roundTrip == nil { roundTrip = now - lastProbe }
        lastInbound = now
        defer { unanswered = false }
        return unanswered
    }

    /// A keepalive tick at `now`, before sending the next keepalive (recorded with `probed`).
    mutating func tick(at now: ContinuousClock.Instant = .now, deadAfter limit: Duration) -> Verdict {
        let silence = now - lastInbound
        if silence > limit { return .dead(silentSeconds: silence.components.seconds) }
        if let lastProbe, lastInbound < lastProbe { unanswered = true }
        return unanswered ? .unanswered : .answering
    }

    /// A keepalive that gets no answer within this long counts as unanswered: the status line
    /// says so then, not a whole keepalive interval later. Any SSH server answers in well
    /// under a second; 3 s leaves room for a slow satellite or mobile link.
    static let answerWindow = Duration.seconds(3)

    /// The answer window of the last keepalive ended: true when that makes the link silent
    /// now (nothing heard since the keepalive was sent, and it was not already reported).
    mutating func answerWindowEnded() -> Bool {
        guard !unanswered, let lastProbe, lastInbound < lastProbe else { return false }
        unanswered = true
        return true
    }

    /// The round trip of the last answered keepalive, once (nil when there is no new one).
    mutating func takeRoundTrip() -> Duration? {
        defer { roundTrip = nil }
        return roundTrip
    }

    /// A keepalive was sent at `now`.
    mutating func probed(at now: ContinuousClock.Instant = .now) {
        lastProbe = now
        probeAfterQuiet = now - lastInbound >= Self.answerWindow
    }

    /// "mac: no answer for 4 s; reconnecting after 45 s" while a keepalive is unanswered.
    func statusNote(host: String, now: ContinuousClock.Instant = .now, deadAfter limit: Duration) -> String? {
        guard unanswered else { return nil }
        let seconds = (now - lastInbound).components.seconds
        return "\(host): no answer for \(seconds) s; reconnecting after \(limit.components.seconds) s of silence"
    }
}
