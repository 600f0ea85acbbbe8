/// Whether the next frame waits for the local terminal to take the last one (ADR 0034): a
/// terminal that reads slowly gets fewer, newer frames instead of a queue of stale ones, and
/// still at least one frame per `floor` (20 frames/s) while it takes anything. A value: the
/// front view asks it with what the terminal's queue holds (TIOCOUTQ); nothing here is timed.
public struct TerminalQueuePacing: Sendable, Equatable {
    /// The longest wait for the terminal after the last frame started: 50 ms, 20 frames/s.
    public var floor: Duration = .milliseconds(50)
    /// How often the queue is asked again while a frame waits on it (the terminal gives no
    /// event when its queue empties, only when it has room).
    public var recheck: Duration = .milliseconds(4)
    /// The last frame counts as taken once no more than this share of it waits (1/8).
    public var takenDivisor = 8

    public init() {}

    /// nil: draw now. Else how long to wait before asking again: while more than an eighth of
    /// the last frame of `lastFrameBytes` is still `queued`, until `floor` has passed since it.
    public func wait(queued: Int, lastFrameBytes: Int, sinceLastFrame: Duration) -> Duration? {
        guard queued > lastFrameBytes / max(takenDivisor, 1), sinceLastFrame < floor else { return nil }
        return min(recheck, floor - sinceLastFrame)
    }
}
