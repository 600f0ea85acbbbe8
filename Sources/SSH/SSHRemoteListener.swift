import CLibSSH2

/// A port the server listens on for Drover (a `tcpip-forward` request, ssh -R): each
/// connection made there arrives as a `forwarded-tcpip` channel, taken with `accept`. Every
/// call returns at once (the session is non-blocking). The server stops listening when the
/// session ends (libssh2 cancels its listeners when it frees the session). Owned by the
/// thread that owns its session.
public final class SSHRemoteListener {
    public let session: SSHSession
    let raw: OpaquePointer
    /// The port the server listens on.
    public let port: Int

    init(session: SSHSession, raw: OpaquePointer, port: Int) {
        self.session = session
        self.raw = raw
        self.port = port
    }

    /// The next connection made to the port, as a channel; nil when none waits now.
    public func accept() throws -> SSHForwardChannel? {
        let accepted = session.taking(SSHSender(self, .accept), idle: nil as OpaquePointer?) {
            libssh2_channel_forward_accept(raw)
        }
        if let accepted { return SSHForwardChannel(session: session, raw: accepted) }
        let code = libssh2_session_last_errno(session.raw)
        if code == LIBSSH2_ERROR_EAGAIN || code == 0 { return nil }
        if LibSSH2.isConnectionLoss(code) { throw session.failure("taking a remote forward's connection", code: code) }
        return nil
    }
}

extension SSHSession {
    /// One step of asking the server to listen on `bind`:`port` for Drover: nil while it has
    /// not answered (call again with the same arguments; one request at a time per session).
    /// Throws `RemoteForwardRefused` when the server says no (the port is taken there, or its
    /// sshd forbids forwarding); a lost connection is an `SSHError`.
    public func listenRemote(bind: String, port: Int) throws -> SSHRemoteListener? {
        guard state == .authenticated else {
            throw SSHError.protocolFailure(operation: "asking for a remote forward", detail: "not logged in yet")
        }
        let sender = SSHSender(self, .listen)
        guard mayCall(sender) else { return nil }
        var bound: Int32 = 0
        let listener = libssh2_channel_forward_listen_ex(raw, bind, Int32(port), &bound, 16)
        called(sender)
        if let listener { return SSHRemoteListener(session: self, raw: listener, port: bound > 0 ? Int(bound) : port) }
        let code = libssh2_session_last_errno(raw)
        if code == LIBSSH2_ERROR_EAGAIN { return nil }
        if LibSSH2.isConnectionLoss(code) { throw failure("asking for a remote forward", code: code) }
        throw RemoteForwardRefused(detail: LibSSH2.lastErrorMessage(raw))
    }
}

/// The server's no to a `tcpip-forward` request, with libssh2's words for it.
public struct RemoteForwardRefused: Error {
    public let detail: String
}
