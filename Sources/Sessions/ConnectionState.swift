import Console

/// Where one host's connection stands. Every state has a one-line description for the overlay,
/// so Drover always says what it is doing.
public enum ConnectionState: Equatable, Sendable {
    case idle
    case connecting(address: String)
    case authenticating
    /// Waiting for the person to answer (`yes`, `no` or the fingerprint) about an unknown host key.
    case awaitingTrust(fingerprint: String)
    case attached
    /// The link dropped; the next attempt starts at `nextTry`.
    case reconnecting(attempt: Int, nextTry: ContinuousClock.Instant, reason: String)
    /// Stopped for good (a permanent failure, or before the first attach); `reason` says why
    /// and what to do.
    case failed(reason: String)
    /// The remote session ended or detached (a herdr session keeps running on the host).
    case ended

    /// One line for the status overlay; nil when nothing should be shown (attached).
    public func statusLine(host: String, now: ContinuousClock.Instant = .now) -> String? {
        switch self {
        case .idle: return "\(host): not connected"
        case .connecting(let address): return "\(host): connecting to \(address)…"
        case .authenticating: return "\(host): authenticating…"
        case .awaitingTrust: return "\(host): waiting for you to trust the host key"
        case .attached: return nil
        case .reconnecting(let attempt, let nextTry, let reason):
            let seconds = Self.wholeSecondsRoundedUp(now.duration(to: nextTry))
            let when = seconds == 0 ? "now" : "in \(seconds)s"
            // The state first: a long reason may be cut at the screen's edge.
            return "\(host): connection lost; reconnecting \(when) (attempt \(attempt); \(PrefixKeyHandler.keys(for: .redraw)): now): \(reason)"
        case .failed(let reason): return "\(host): \(reason)"
        case .ended: return "\(host): session ended"   // herdr's keeps running; a command's is over: the end message says which
        }
    }

    public var isLive: Bool {
        switch self {
        case .connecting, .authenticating, .awaitingTrust, .attached: return true
        default: return false
        }
    }

    /// A wait as the whole seconds the countdown shows: rounded up, never below zero.
    static func wholeSecondsRoundedUp(_ wait: Duration) -> Int {
        let (seconds, attoseconds) = wait.components
        guard seconds > 0 || (seconds == 0 && attoseconds > 0) else { return 0 }
        return Int(seconds) + (attoseconds > 0 ? 1 : 0)
    }
}
