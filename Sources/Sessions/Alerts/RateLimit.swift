/// At most one event per `interval`: a remote that rings the bell in a loop gives the person
/// one bell per interval, not a storm.
struct RateLimit: Equatable, Sendable {
    let interval: Duration
    private var last: ContinuousClock.Instant?

    init(interval: Duration) {
        self.interval = interval
    }

    /// Whether an event at `now` may go out; if so it counts as the last one.
    mutating func allows(at now: ContinuousClock.Instant) -> Bool {
        if let last, now < last.advanced(by: interval) { return false }
        last = now
        return true
    }

    /// The local bell: at most two a second (desktop notifications: `NotificationThrottle`).
    static var bell: RateLimit { RateLimit(interval: .milliseconds(500)) }
}
