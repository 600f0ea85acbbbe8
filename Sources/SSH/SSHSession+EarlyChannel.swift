import CLibSSH2

/// The session channel's open request sent right behind the signed public key login, before
/// the server has answered it: one round trip fewer on every attach (ADR 0017).
///
/// RFC 4252 section 5 allows it: messages that follow the login request which succeeds go to
/// the service, and sshd reads its requests in order, so the open arrives when the login has
/// been accepted. libssh2 opens one channel at a time per session and keeps the open's state
/// between calls, so `exec` later finishes this same open. The open is only sent once the
/// signed request is on the wire: libssh2 1.10 says "Would block requesting userauth list"
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
        let code = libssh2_session_last_errno(raw)
        guard opened == nil, code == LIBSSH2_ERROR_EAGAIN else {
            // An answer cannot have come before the request; anything else is a broken link.
            throw failure("opening a channel", code: opened == nil ? code : LIBSSH2_ERROR_PROTO)
        }
        earlySessionChannel = true
    }

    /// The one session channel open Drover sends; `exec` repeats it to collect the answer.
    static func openSessionChannel(_ raw: OpaquePointer) -> OpaquePointer? {
        libssh2_channel_open_ex(raw, "session", 7, 2 * 1024 * 1024, 32768, nil, 0)
    }

    /// Opening any other channel while the early one waits for `exec` would take its answer.
    func refuseWhileSessionChannelOpens(_ operation: String) throws(SSHError) {
        if earlySessionChannel {
            throw SSHError.protocolFailure(operation: operation, detail: "the session channel is still being opened")
        }
    }
}

/// The device key was refused after a session channel open had already gone out behind it;
/// this connection cannot open channels any more. Log in again on a new connection without
/// opening early (`ConnectionPlan.logIn` does).
public struct EarlySessionChannelSpent: Error, CustomStringConvertible {
    public init() {}
    public var description: String {
        "the server refused the key after a channel open had been sent with it; connect again"
    }
}
