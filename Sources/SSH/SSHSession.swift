import CLibSSH2
import LibC

/// One SSH connection: the TCP socket and the libssh2 session, owned together and freed in
/// `deinit`. Not thread-safe: one thread owns a session and its channels.
///
/// The order is enforced: `connect` (TCP + handshake) → `verifyHostKey` → `authenticate` →
/// channels. The session runs in libssh2's non-blocking mode; blocking calls here wait with
/// poll(2) on `socketDescriptor`, and an outside event loop can do the same using
/// `blockDirections`.
public final class SSHSession {
    public let endpoint: SSHEndpoint
    /// The address that answered.
    public let peer: PeerAddress
    /// The key the server presented in the handshake.
    public let hostKey: PresentedHostKey
    public let options: SSHOptions
    /// The TCP socket, for an external poll(2) loop (never read or write it directly). For a
    /// session through jump hosts it is the first hop's socket, which carries every byte.
    public let socketDescriptor: Int32
    let raw: OpaquePointer
    /// What libssh2's callbacks reach (the session's `abstract` pointer): the jump channel, the
    /// keyboard-interactive round, agent channels.
    let hooks: SessionHooks
    /// The jump host channel this session runs in; nil for a direct TCP connection.
    var tunnel: SSHTunnel? { hooks.tunnel }

    enum State { case handshaken, verified, rejected, authenticated, closed }
    var state: State = .handshaken
    /// The call whose packet libssh2 holds half sent (`SSHSession+SendTurn.swift`).
    var pendingSender: SSHSender?
    /// A session channel open went out with the signed login and `exec` has not taken it yet
    /// (`SSHSession+EarlyChannel.swift`).
    var earlySessionChannel = false
    /// That open's channel, when its answer came before `exec` asked for it.
    var earlyOpenedChannel: OpaquePointer?
    /// The `SHA256:` fingerprint of the public key that logged in, so the caller can offer it
    /// first next time (nil: no key logged in, or its public part was not known).
    public internal(set) var acceptedKeyFingerprint: String?

    /// Resolves, connects (IPv4 or IPv6) and completes the SSH handshake. Nothing but the SSH
    /// banner and key exchange is sent until `verifyHostKey` has accepted the key. `checkPeer`,
    /// if given, sees the address that answered the TCP connect before a byte is sent to it,
    /// and throws to close the connection there (pairing's address policy).
    public static func connect(to endpoint: SSHEndpoint, options: SSHOptions = SSHOptions(),
                               checkPeer: ((PeerAddress) throws -> Void)? = nil) throws -> SSHSession {
        _ = LibSSH2.initialised
        // One deadline for TCP and the handshake (SSHOptions.handshakeTimeout).
        let deadline = ContinuousClock.now + .milliseconds(Int64(options.handshakeTimeout * 1000))
        let (fd, peer) = try TCPConnector.connect(host: endpoint.host, port: endpoint.port, timeout: options.connectTimeout,
                                                  until: (deadline, options.handshakeTimeout))
        do {
            try checkPeer?(peer)
        } catch {
            close(fd)
            throw error
        }
        let hooks = SessionHooks(tunnel: nil)
        guard let raw = libssh2_session_init_ex(nil, nil, nil, hooks.abstract) else {
            close(fd)
            throw SSHError.protocolFailure(operation: "session set-up", detail: "libssh2 could not allocate a session")
        }
        libssh2_session_set_blocking(raw, 0)
        do {
            // Set before the handshake: the server presents the first host key type of these it has.
            try options.algorithms.apply(to: raw, hostKeys: options.hostKeyAlgorithms ?? SSHOptions.defaultHostKeyAlgorithms)
            let hostKey = try Handshake.perform(raw, fd: fd, endpoint: endpoint, peer: peer, options: options,
                                                deadline: deadline, tunnel: nil)
            return SSHSession(raw: raw, fd: fd, endpoint: endpoint, peer: peer, hostKey: hostKey, options: options,
                              hooks: hooks)
        } catch {
            libssh2_session_free(raw)
            close(fd)
            throw error
        }
    }

    init(raw: OpaquePointer, fd: Int32, endpoint: SSHEndpoint, peer: PeerAddress,
         hostKey: PresentedHostKey, options: SSHOptions, hooks: SessionHooks) {
        self.raw = raw
        self.hooks = hooks
        self.socketDescriptor = fd
        self.endpoint = endpoint
        self.peer = peer
        self.hostKey = hostKey
        self.options = options
    }

    deinit {
        // Never waits (the loop thread may drop the last reference): a last goodbye if the
        // session can send it now, then the socket shut down (or the jump channel cut off), so
        // that libssh2 frees the session and its channels without waiting for the server.
        end(force: true)
        // EAGAIN only while a packet is half sent to a server that stopped reading: libssh2
        // cannot free that session, so its memory stays (the socket is closed all the same).
        _ = libssh2_session_free(raw)
        // A tunnelled session's socket belongs to the first hop, freed after this one.
        if tunnel == nil { close(socketDescriptor) }
    }

    /// Hands the presented host key to `check` before anything else is sent. If `check`
    /// throws, the session is dead (no authentication, no disconnect message) and the error
    /// is rethrown.
    public func verifyHostKey(_ check: (PresentedHostKey) throws -> Void) throws {
        if state == .rejected || state == .closed { throw SSHError.hostKeyNotVerified }
        guard state == .handshaken else { return }
        do {
            try check(hostKey)
            state = .verified
        } catch {
            state = .rejected
            shutdown(socketDescriptor, Int32(SHUT_RDWR))
            throw error
        }
    }

    /// True once `authenticate` succeeded.
    public var isAuthenticated: Bool { state == .authenticated }

    /// Ends the session without waiting: sends the goodbye (SSH_MSG_DISCONNECT) if the session
    /// can send now, then shuts the socket down (through jump hosts: cuts this session off its
    /// jump channel, which the hops still use). Later calls fail with connection lost. A loop
    /// that wants the goodbye to wait for its turn uses `SessionCloser`.
    public func disconnect() {
        end(force: true)
    }

    /// Ends a session whose link is dead: no goodbye (nothing would carry it), and the socket
    /// that carries it (the first hop's, through jump hosts) closes with a reset (SO_LINGER
    /// 0) once the last reference goes, dropping whatever it still held to send, instead of
    /// retrying it into the dead path for minutes. Later calls fail with connection lost.
    public func reset() {
        var resetOnClose = linger(l_onoff: 1, l_linger: 0)
        _ = setsockopt(socketDescriptor, SOL_SOCKET, SO_LINGER, &resetOnClose, socklen_t(MemoryLayout<linger>.size))
        state = .closed
        if let tunnel { tunnel.cut() } else { shutdown(socketDescriptor, Int32(SHUT_RDWR)) }
    }

    /// One try at the goodbye, then the session ends. Unless `force`, false (and nothing ends)
    /// while another call's packet holds the session or the goodbye went out only in part:
    /// call again when the socket is writable.
    @discardableResult
    func end(force: Bool) -> Bool {
        if state == .verified || state == .authenticated {
            let sender = SSHSender(self, .disconnect)
            var rc = LIBSSH2_ERROR_EAGAIN
            if mayCall(sender) {
                rc = libssh2_session_disconnect_ex(raw, SSH_DISCONNECT_BY_APPLICATION, "closed by drover", "")
                called(sender)
            }
            if rc == LIBSSH2_ERROR_EAGAIN && !force { return false }
            state = .closed
        }
        if let tunnel { tunnel.cut() } else { shutdown(socketDescriptor, Int32(SHUT_RDWR)) }
        return true
    }
}

extension SSHSession {
    /// Connects, verifies the host key with `verifyHostKey`, and logs in with `credentials`:
    /// the whole sequence, in the only order that is safe.
    public static func open(to endpoint: SSHEndpoint, options: SSHOptions = SSHOptions(),
                            verifyHostKey: (PresentedHostKey) throws -> Void,
                            credentials: SSHCredentials) throws -> SSHSession {
        let session = try connect(to: endpoint, options: options)
        try session.verifyHostKey(verifyHostKey)
        try session.authenticate(credentials)
        return session
    }
}
