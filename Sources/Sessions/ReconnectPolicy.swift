/// How long to wait before reconnect attempt n: exponential backoff with a cap. There is no
/// last attempt: while the person stays attached Drover keeps trying (a laptop may sleep for
/// hours), and any key or `ctrl+] r` tries at once. Only permanent failures stop it.
/// Durations, not seconds as a `Double`: every attach timer runs on `ContinuousClock`.
public struct ReconnectPolicy: Equatable, Sendable {
    public var initialDelay: Duration
    public var maximumDelay: Duration

    public init(initialDelay: Duration = .seconds(1), maximumDelay: Duration = .seconds(30)) {
        self.initialDelay = initialDelay
        self.maximumDelay = maximumDelay
    }

    /// The delay before attempt `attempt` (1-based): initialDelay, doubling, at most maximumDelay.
    public func delay(beforeAttempt attempt: Int) -> Duration {
        let exponent = min(max(attempt, 1) - 1, 30)
        return min(maximumDelay, initialDelay * (1 << exponent))
    }
}
