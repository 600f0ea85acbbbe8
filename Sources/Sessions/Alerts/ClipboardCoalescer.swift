/// Remote OSC 52 writes for the local clipboard, coalesced: however many arrive (one per 16 KiB
/// read, in a flood), the local clipboard is written at most once per `interval`, with the last
/// text. A value type on explicit instants, so the rule is tested without a clock.
struct ClipboardCoalescer: Sendable {
    static let interval = Duration.milliseconds(50)
    private(set) var pending: [UInt8]?
    private var flushScheduled = false
    private var lastFlush: ContinuousClock.Instant?

    /// Keeps `text` as the one to write. Returns when to flush if no flush is scheduled yet
    /// (the caller schedules one `take` then); nil when the scheduled flush will carry it.
    mutating func offer(_ text: [UInt8], at now: ContinuousClock.Instant) -> ContinuousClock.Instant? {
        pending = text
        guard !flushScheduled else { return nil }
        flushScheduled = true
        guard let lastFlush else { return now }
        return max(now, lastFlush.advanced(by: Self.interval))
    }

    /// The text to write now (the last offered), at the scheduled flush.
    mutating func take(at now: ContinuousClock.Instant) -> [UInt8]? {
        flushScheduled = false
        lastFlush = now
        defer { pending = nil }
        return pending
    }
}
