import Foundation

/// How long to wait before reconnect attempt n: exponential backoff with a cap, and a limit
/// after which Drover stops and says so.
public struct ReconnectPolicy: Equatable, Sendable {
    public var initialDelay: TimeInterval
    public var maximumDelay: TimeInterval
    public var maximumAttempts: Int

    public init(initialDelay: TimeInterval = 1, maximumDelay: TimeInterval = 30, maximumAttempts: Int = 20) {
        self.initialDelay = initialDelay
        self.maximumDelay = maximumDelay
        self.maximumAttempts = maximumAttempts
    }

    /// The delay before attempt `attempt` (1-based), or nil when attempts are exhausted.
    public func delay(beforeAttempt attempt: Int) -> TimeInterval? {
        guard attempt >= 1, attempt <= maximumAttempts else { return nil }
        let exponent = Double(min(attempt - 1, 30))
        return min(maximumDelay, initialDelay * pow(2, exponent))
    }
}
