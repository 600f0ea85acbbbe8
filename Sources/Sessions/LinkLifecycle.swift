/// The connection lifecycle of one host (docs/architecture.md, "Invariants"), as a pure state
/// machine: the host's `LinkDriver` reports events, the lifecycle answers with the new state.
/// (Its state is `lifecycle.state`; times are `ContinuousClock` instants like every attach timer.)
///
/// A generation number travels with every connection attempt: events carrying an older
/// generation are stale and change nothing, so a dead connection can neither move the state
/// nor raise a prompt. Only a host in front reconnects by itself.
public struct LinkLifecycle: Equatable, Sendable {
    public let host: String
    public private(set) var state: ConnectionState = .idle
    /// Incremented for each connection attempt.
    public private(set) var generation: UInt64 = 0
    public var policy: ReconnectPolicy
    /// Whether this host is the one shown; hidden hosts do not reconnect by themselves.
    public var inFront: Bool
    private var failedAttempts = 0
    /// A hidden host met a new host key: the question waits until the host is in front.
    private var reviewDeferred = false

    public init(host: String, policy: ReconnectPolicy = ReconnectPolicy(), inFront: Bool = true) {
        self.host = host
        self.policy = policy
        self.inFront = inFront
    }

    /// Starts a connection attempt; returns its generation.
    public mutating func beginConnect(address: String) -> UInt64 {
        generation &+= 1
        state = .connecting(address: address)
        reviewDeferred = false
        return generation
    }

    /// Events the I/O layer reports for one connection generation.
    public enum Event: Equatable, Sendable {
        case handshakeDone
        case trustNeeded(fingerprint: String)
        /// The person answered the trust prompt (true only for a typed `yes` or the key's fingerprint).
        case trustAnswered(Bool)
        case attached
        /// The link failed; `recoverable` is false for decisions that must not be retried
        /// (changed host key, refused authentication, untrusted key).
        case lost(reason: String, recoverable: Bool)
        /// The remote command exited or herdr detached.
        case remoteEnded
        /// A hidden host needs its new host key reviewed: the attempt stops without an answer,
        /// and the next one (when the host comes to the front) asks.
        case trustDeferred
    }

    /// Applies `event` from connection `generation`. Returns false (and changes nothing) when
    /// the event is stale or does not fit the current state.
    @discardableResult
    public mutating func handle(_ event: Event, generation eventGeneration: UInt64, now: ContinuousClock.Instant = .now) -> Bool {
        guard eventGeneration == generation else { return false }
        switch (state, event) {
        case (.connecting, .handshakeDone):
            state = .authenticating
        case (.connecting, .trustNeeded(let fp)), (.authenticating, .trustNeeded(let fp)):
            state = .awaitingTrust(fingerprint: fp)
        case (.awaitingTrust, .trustAnswered(true)):
            state = .authenticating
        case (.awaitingTrust, .trustDeferred) where !inFront:
            reviewDeferred = true
            state = .reconnecting(attempt: failedAttempts, nextTry: now, reason: "its host key is new")
        case (.awaitingTrust, .trustAnswered(false)):
            state = .failed(reason: "the host key was not trusted; nothing was sent. Attach again to review it.")
        case (.connecting, .attached), (.authenticating, .attached):
            state = .attached
            failedAttempts = 0
        case (_, .lost(let reason, let recoverable)) where state.isLive:
            scheduleReconnect(reason: reason, recoverable: recoverable, now: now)
        case (.attached, .remoteEnded):
            state = .ended
        default:
            return false
        }
        return true
    }

    /// One line for the overlay (nil while attached). A hidden host says that it waits for
    /// the person to switch to it, since it does not reconnect by itself.
    public func statusLine(now: ContinuousClock.Instant = .now) -> String? {
        guard case .reconnecting(_, _, let reason) = state, !inFront else {
            return state.statusLine(host: host, now: now)
        }
        if reviewDeferred { return "\(host): new host key; switch to it to review the fingerprint" }
        return "\(host): connection lost; reconnects when you switch to it: \(reason)"
    }

    /// A few words for the host picker: `attached`, `reconnecting`, `waiting (link lost)`…
    public var summary: String {
        switch state {
        case .idle: return "not connected"
        case .connecting, .authenticating: return "connecting"
        case .awaitingTrust: return "asking about its host key"
        case .attached: return "attached"
        case .reconnecting where !inFront: return reviewDeferred ? "waiting (new host key)" : "waiting (link lost)"
        case .reconnecting: return "reconnecting"
        case .failed: return "failed"
        case .ended: return "ended"
        }
    }

    /// Whether a prompt may be shown now for `eventGeneration` (never for a stale connection).
    public func mayPrompt(generation eventGeneration: UInt64) -> Bool {
        if case .awaitingTrust = state { return eventGeneration == generation }
        return false
    }

    /// When the next reconnect attempt is due (nil when none is scheduled).
    public var nextAttempt: ContinuousClock.Instant? {
        if case .reconnecting(_, let at, _) = state, inFront { return at }
        return nil
    }

    private mutating func scheduleReconnect(reason: String, recoverable: Bool, now: ContinuousClock.Instant) {
        // A dropped connection answers any open trust prompt with "no".
        if case .awaitingTrust = state {
            state = .failed(reason: "the connection dropped while asking about the host key: \(reason)")
            return
        }
        guard recoverable else {
            state = .failed(reason: reason)
            return
        }
        // Never gives up: the backoff is capped, and only the person's detach ends the tries.
        failedAttempts += 1
        let delay = policy.delay(beforeAttempt: failedAttempts)
        state = .reconnecting(attempt: failedAttempts, nextTry: now + delay, reason: reason)
    }
}
