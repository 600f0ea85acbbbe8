/// At most one event per `interval`: a remote that rings the bell in a loop gives the person
/// one bell per interval, not a storm. Desktop notifications wait their turn instead of being
/// dropped (`NotificationThrottle`, on this limit).
struct RateLimit: Equatable, Sendable {
    let interval: Duration
    private var last: ContinuousClock.Instant?

    init(interval: Duration) {
        self.interval = interval
    }

    /// Whether an event at `now` may go out; if so it counts as the last one.
    mutating func allows(at now: ContinuousClock.Instant) -> Bool {
        if nextAllowed(after: now) != nil { return false }
        last = now
        return true
    }

    /// When the next event may go out, if not at `now` (nil: now).
    func nextAllowed(after now: ContinuousClock.Instant) -> ContinuousClock.Instant? {
        guard let last, now < last.advanced(by: interval) else { return nil }
        return last.advanced(by: interval)
    }

    /// Counts an event that went out at `now` without asking (one held back until it was allowed).
    mutating func record(_ now: ContinuousClock.Instant) {
        last = now
    }

    /// The local bell: at most two a second (desktop notifications: `NotificationThrottle`).
    static var bell: RateLimit { RateLimit(interval: .milliseconds(500)) }
}
