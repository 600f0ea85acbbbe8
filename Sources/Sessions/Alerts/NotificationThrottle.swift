/// One host's desktop notifications: at most one per `interval` (a `RateLimit`), and none lost in silence. One
/// that comes sooner waits and goes out when the interval allows; a newer one replaces it
/// (an agent's "needs input" after its "done" says what matters now), and the replaced ones,
/// which never go out, are counted for the host list. A value type on explicit instants, so
/// the rule is tested without a clock (`SignalRulesTests`).
struct NotificationThrottle: Equatable, Sendable {
    /// At most one desktop notification every five seconds per host.
    static let interval = Duration.seconds(5)

    /// What became of an offered notification.
    enum Offer: Equatable, Sendable {
        /// It may go out now.
        case now
        /// It waits: the caller takes it (`take`) at this instant.
        case later(ContinuousClock.Instant)
        /// It replaced one already waiting, whose take is scheduled.
        case replaced
    }

    private var limit = RateLimit(interval: interval)
    /// The notification waiting for the interval to pass, the newest offered.
    private(set) var pending: String?
    /// How many waiting notifications a newer one replaced, for the whole run.
    private(set) var dropped = 0

    mutating func offer(_ body: String, at now: ContinuousClock.Instant) -> Offer {
        if pending != nil {
            pending = body
            dropped += 1
            return .replaced
        }
        if let next = limit.nextAllowed(after: now) {
            pending = body
            return .later(next)
        }
        limit.record(now)
        return .now
    }

    /// The waiting notification, to go out now (nil: none waits).
    mutating func take(at now: ContinuousClock.Instant) -> String? {
        defer { pending = nil }
        if pending != nil { limit.record(now) }
        return pending
    }
}
