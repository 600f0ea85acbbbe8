import CLibSSH2

/// The session channel's open request sent right behind the signed public key login, before
/// the server has answered it: one round trip fewer on every attach (ADR 0017).
///
/// RFC 4252 section 5 allows it: messages that follow the login request which succeeds go to
/// the service, and sshd reads its requests in order, so the open arrives when the login has
/// been accepted. libssh2 opens one channel at a time per session and keeps the open's state
/// between calls, so `exec` later finishes this same open. The open is only sent once the
/// signed request is on the wire: libssh2 1.11.1 (as 1.10) says "Would block requesting userauth list"
/// for an EAGAIN in that state and in no other (a libssh2 that words it differently simply
/// never opens early). If that login is refused after all (a server that wants a second
/// factor answers a valid signature with partial success), the open reached a server that
/// was not logging anyone in and libssh2 would wait for its answer for ever:
/// `EarlySessionChannelSpent` says to log in again on a new connection without it.
extension SSHSession {
    static let awaitingSignedLoginAnswer = "Would block requesting userauth list"

    /// After an EAGAIN of a public key login: sends the session channel's open if the signed
    /// request is out and none was sent yet.
    func openSessionChannelBehindSignedLogin() throws {
        guard !earlySessionChannel, LibSSH2.lastErrorMessage(raw) == Self.awaitingSignedLoginAnswer else { return }
        let timeout = options.operationTimeout
        var opened = Self.openSessionChannel(raw)
        // libssh2 refuses a new packet while one is half written: finish sending this one.
        while opened == nil, libssh2_session_last_errno(raw) == LIBSSH2_ERROR_EAGAIN,
              SSHBlockDirections(rawValue: libssh2_session_block_directions(raw)).contains(.outbound) {
            try waitForSocket(until: Self.deadline(in: timeout), timeout: timeout, operation: "opening a channel")
            opened = Self.openSessionChannel(raw)
        }
        if let opened {
            // Both answers came while the send waited for the socket: `exec` takes this one.
            earlyOpenedChannel = opened
            earlySessionChannel = true
            return
        }
        let code = libssh2_session_last_errno(raw)
        guard code == LIBSSH2_ERROR_EAGAIN else { throw failure("opening a channel", code: code) }
        earlySessionChannel = true
    }

    /// `exec`'s channel: the early open's, finished here, or a new one. Throws
    /// `EarlySessionChannelSpent(.unanswered)` when the early open gets no answer in time.
    func openExecChannel() throws -> OpaquePointer? {
        guard earlySessionChannel else {
            return try callReturningPointer("opening a channel", timeout: options.operationTimeout) { Self.openSessionChannel(raw) }
        }
        defer { earlySessionChannel = false; earlyOpenedChannel = nil }
        if let ready = earlyOpenedChannel { return ready }
        // As long as any open may take: a busy sshd sets up the logged-in session first.
        let wait = options.operationTimeout
        do {
            return try callReturningPointer("opening a channel", timeout: wait) { Self.openSessionChannel(raw) }
        } catch SSHError.timedOut {
            throw EarlySessionChannelSpent(.unanswered(seconds: wait))
        }
    }

    /// The one session channel open Drover sends; `exec` repeats it to collect the answer. Its
    /// window starts at the floor and grows as the link allows (`ChannelReceiveWindow`).
    static func openSessionChannel(_ raw: OpaquePointer) -> OpaquePointer? {
        libssh2_channel_open_ex(raw, "session", 7, UInt32(ChannelReceiveWindow.initial), 32768, nil, 0)
    }

    /// Opening any other channel while the early one waits for `exec` would take its answer.
    func refuseWhileSessionChannelOpens(_ operation: String) throws(SSHError) {
        if earlySessionChannel {
            throw SSHError.protocolFailure(operation: operation, detail: "the session channel is still being opened")
        }
    }
}

/// A session channel open sent behind the login cannot be used: the key was refused after
/// all, or the server never answered the open. This connection cannot open channels any more;
/// a new one without the early open works (`ConnectionPlan.logIn` and `RemoteConnection.open`
/// make it by themselves).
public struct EarlySessionChannelSpent: Error, CustomStringConvertible, Equatable {
    public enum Reason: Equatable, Sendable {
        /// The key alone was not enough (partial success: the server wants a second method).
        case keyNotEnough
        /// The login succeeded but the open got no answer in `seconds`.
        case unanswered(seconds: Double)
    }
    public let reason: Reason
    public init(_ reason: Reason) { self.reason = reason }
    public var description: String {
        switch reason {
        case .keyNotEnough:
            return "the server wants more than the key after a channel open had been sent with it; "
                + "a new connection that opens the channel after the login works (attach makes one by itself)"
        case .unanswered(let seconds):
            return "the server did not answer the session channel opened right behind the login within "
                + "\(Int(seconds)) s (it may not keep RFC 4252's order); a new connection that opens it after "
                + "the login works (attach makes one by itself)"
        }
    }
}
