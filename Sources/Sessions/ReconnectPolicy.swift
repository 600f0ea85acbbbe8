import Foundation

/// How long to wait before reconnect attempt n: exponential backoff with a cap. There is no
/// last attempt: while the person stays attached Drover keeps trying (a laptop may sleep for
/// hours), and any key or `ctrl+] r` tries at once. Only permanent failures stop it.
public struct ReconnectPolicy: Equatable, Sendable {
    public var initialDelay: TimeInterval
    public var maximumDelay: TimeInterval

    public init(initialDelay: TimeInterval = 1, maximumDelay: TimeInterval = 30) {
        self.initialDelay = initialDelay
        self.maximumDelay = maximumDelay
    }

    /// The delay before attempt `attempt` (1-based): initialDelay, doubling, at most maximumDelay.
    public func delay(beforeAttempt attempt: Int) -> TimeInterval {
        let exponent = Double(min(max(attempt, 1) - 1, 30))
        return min(maximumDelay, initialDelay * pow(2, exponent))
    }
}
