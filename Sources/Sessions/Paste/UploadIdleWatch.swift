/// An upload that stops moving is given up: a link that takes no SFTP data for `limit` is
/// stuck, and the person would otherwise wait behind it (their keys held) for good. A value
/// type on explicit instants, so the rule is tested without a clock.
struct UploadIdleWatch: Equatable, Sendable {
    static let limit = Duration.seconds(20)
    private(set) var sent = 0
    private(set) var lastProgress: ContinuousClock.Instant

    init(start: ContinuousClock.Instant) {
        lastProgress = start
    }

    /// The upload reports `sent` bytes at `now`; only more bytes than before count as progress.
    mutating func progressed(sent: Int, at now: ContinuousClock.Instant) {
        guard sent > self.sent else { return }
        self.sent = sent
        lastProgress = now
    }

    /// When the upload is idle for good unless it moves before.
    var deadline: ContinuousClock.Instant { lastProgress.advanced(by: Self.limit) }

    func isIdle(at now: ContinuousClock.Instant) -> Bool { now >= deadline }
}
