extension RelayLoop.Configuration {
    /// The wait after a frame of `bytes` before the next one: `frameInterval`, or the frame's
    /// time at `frameBytesPerSecond` when longer, at most `longestFrameInterval`. A pure
    /// function, so the pacing is tested by values rather than by timing frames.
    public func interval(afterFrameOf bytes: Int) -> Duration {
        let paced = Duration.microseconds(Int64(bytes) * 1_000_000 / Int64(max(frameBytesPerSecond, 1)))
        return max(frameInterval, min(paced, max(longestFrameInterval, frameInterval)))
    }
}
