import CLibSSH2
import LibC

extension SSHSession {
    /// What carries this session's bytes when it is not Drover's own TCP socket (the object
    /// given to `connect(to:options:socket:transport:)`); nil otherwise.
    public var transport: AnyObject? { hooks.transport }

    /// Completes the SSH handshake over `socket`, a connected stream that some other program
    /// carries to the server (a ProxyCommand's end of a socket pair), instead of a TCP
    /// connection of Drover's own. The session owns `socket` from here on (closed in `deinit`,
    /// also when this throws) and keeps `transport` alive until then, so whatever runs the
    /// other end lives exactly as long as the session. No direct connection is ever made to
    /// `endpoint`, not even to diagnose a failed key exchange.
    public static func connect(to endpoint: SSHEndpoint, options: SSHOptions = SSHOptions(),
                               socket: Int32, transport: AnyObject) throws -> SSHSession {
        _ = LibSSH2.initialised
        let deadline = ContinuousClock.now + .milliseconds(Int64(options.handshakeTimeout * 1000))
        _ = fcntl(socket, F_SETFL, fcntl(socket, F_GETFL) | O_NONBLOCK)
        let hooks = SessionHooks(tunnel: nil, transport: transport)
        guard let raw = libssh2_session_init_ex(nil, nil, nil, hooks.abstract) else {
            close(socket)
            throw SSHError.protocolFailure(operation: "session set-up", detail: "libssh2 could not allocate a session")
        }
        libssh2_session_set_blocking(raw, 0)
        let peer = PeerAddress(address: endpoint.host, port: endpoint.port)
        do {
            try options.algorithms.apply(to: raw, hostKeys: options.hostKeyAlgorithms ?? SSHOptions.defaultHostKeyAlgorithms)
            var hostKey = try Handshake.perform(raw, fd: socket, endpoint: endpoint, peer: peer, options: options,
                                                deadline: deadline, tunnel: nil, mayProbe: false)
            hostKey.reachedThrough = "a ProxyCommand"
            return SSHSession(raw: raw, fd: socket, endpoint: endpoint, peer: peer, hostKey: hostKey, options: options,
                              hooks: hooks)
        } catch {
            libssh2_session_free(raw)
            close(socket)
            throw error
        }
    }
}
