import CLibSSH2
import LibC

/// Which way libssh2 is waiting on the socket after a call returned EAGAIN.
public struct SSHBlockDirections: OptionSet, Sendable {
    public let rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }
    /// Wait for the socket to become readable.
    public static let inbound = SSHBlockDirections(rawValue: LIBSSH2_SESSION_BLOCK_INBOUND)
    /// Wait for the socket to become writable.
    public static let outbound = SSHBlockDirections(rawValue: LIBSSH2_SESSION_BLOCK_OUTBOUND)

    /// poll(2) events for these directions (readable when none is set: nothing pending to send).
    public var pollEvents: Int16 {
        var events: Int16 = 0
        if contains(.inbound) { events |= Int16(POLLIN) }
        if contains(.outbound) { events |= Int16(POLLOUT) }
        return events == 0 ? Int16(POLLIN) : events
    }
}

extension SSHSession {
    /// What the last EAGAIN was waiting for; poll `socketDescriptor` for `pollEvents`. Through
    /// jump hosts, what any session of the chain waits for (they share the first hop's socket).
    public var blockDirections: SSHBlockDirections {
        SSHBlockDirections(rawValue: libssh2_session_block_directions(raw))
            .union(tunnel?.outer.blockDirections ?? [])
    }

    /// Waits (poll) until the socket is ready in the directions libssh2 last blocked on, for
    /// simple loops that own the thread: read until empty, then wait here. Throws `timedOut`
    /// after `timeout` seconds (nil: no limit).
    public func waitUntilReady(timeout: Double?) throws {
        try waitForSocket(until: Self.deadline(in: timeout), timeout: timeout, operation: "waiting for data")
    }

    /// True when a jump host's session of the chain holds bytes for this one that no socket
    /// event will announce (`SSHTunnel.holdsInput`): read again instead of waiting.
    public var hasBufferedInput: Bool { tunnel?.holdsInput ?? false }

    /// Waits (poll) until the socket is ready in the directions libssh2 is blocked on; returns
    /// at once while a jump host's session already holds input for this one.
    /// `timeout` is the limit the deadline came from, for the error message.
    func waitForSocket(until deadline: ContinuousClock.Instant?, timeout: Double?, operation: String) throws {
        if hasBufferedInput { return }
        try SocketWait.wait(fd: socketDescriptor, events: blockDirections.pollEvents, until: deadline) {
            SSHError.timedOut(host: endpoint.host, port: endpoint.port, seconds: timeout ?? 0,
                              waitingFor: "waiting for the server (\(operation))")
        }
    }

    /// A deadline `seconds` from now (nil: none).
    static func deadline(in seconds: Double?) -> ContinuousClock.Instant? {
        seconds.map { ContinuousClock.now + .milliseconds(Int64(($0 * 1000).rounded(.up))) }
    }

    /// Repeats a libssh2 call while it returns EAGAIN, waiting on the socket in between;
    /// returns the first other return code. `timeout` bounds each wait for the server (so
    /// time spent inside `body`, e.g. a person answering a prompt, does not count); nil waits
    /// without limit.
    /// `whileWaiting` runs after each EAGAIN, before the wait (it may send something else).
    @discardableResult
    func call(_ operation: String, timeout: Double?, _ body: () -> Int32,
              whileWaiting: (() throws -> Void)? = nil) throws -> Int32 {
        while true {
            let rc = body()
            if rc != LIBSSH2_ERROR_EAGAIN { return rc }
            try whileWaiting?()
            try waitForSocket(until: Self.deadline(in: timeout), timeout: timeout, operation: operation)
        }
    }

    /// As `call`, for libssh2 functions that return a pointer (nil with EAGAIN means retry).
    func callReturningPointer<P>(_ operation: String, timeout: Double?, _ body: () -> P?) throws -> P? {
        while true {
            if let result = body() { return result }
            guard libssh2_session_last_errno(raw) == LIBSSH2_ERROR_EAGAIN else { return nil }
            try waitForSocket(until: Self.deadline(in: timeout), timeout: timeout, operation: operation)
        }
    }

    /// The error for a failed call: connection loss, or the operation with libssh2's detail.
    func failure(_ operation: String, code: Int32) -> SSHError {
        let detail = LibSSH2.lastErrorMessage(raw)
        if LibSSH2.isConnectionLoss(code) { return .connectionLost(detail: detail) }
        return .protocolFailure(operation: operation, detail: "\(detail), code \(code)")
    }
}
