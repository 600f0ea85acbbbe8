import CLibSSH2

extension SSHSession {
    /// Connects to `endpoint` through this logged-in session (a jump host): opens a
    /// `direct-tcpip` channel to it and completes the SSH handshake over that channel. The new
    /// session is verified and logged in like any other; it keeps this one alive, and all of
    /// them wait on this chain's first TCP socket (ADR 0012).
    public func connectThrough(to endpoint: SSHEndpoint, options: SSHOptions = SSHOptions()) throws -> SSHSession {
        guard state == .authenticated else {
            throw SSHError.protocolFailure(operation: "connecting through a jump host", detail: "not logged in yet")
        }
        let operation = "opening a connection to \(endpoint.hostAndPort)"
        try refuseWhileSessionChannelOpens(operation)
        let deadline = ContinuousClock.now + .milliseconds(Int64(options.handshakeTimeout * 1000))
        let opened = try callReturningPointer(operation, timeout: options.handshakeTimeout) {
            libssh2_channel_direct_tcpip_ex(raw, endpoint.host, Int32(endpoint.port), "127.0.0.1", 22)
        }
        guard let channel = opened else {
            let code = libssh2_session_last_errno(raw)
            if LibSSH2.isConnectionLoss(code) { throw failure(operation, code: code) }
            throw SSHError.unreachable(host: endpoint.host, port: endpoint.port,
                                       detail: "the jump host \(self.endpoint.hostAndPort) did not open a connection there: "
                                           + "\(LibSSH2.lastErrorMessage(raw)); it may be down, or the jump host may forbid "
                                           + "forwarding (AllowTcpForwarding)")
        }
        let hooks = SessionHooks(tunnel: SSHTunnel(outer: self, channel: channel))
        guard let inner = libssh2_session_init_ex(nil, nil, nil, hooks.abstract) else {
            throw SSHError.protocolFailure(operation: "session set-up", detail: "libssh2 could not allocate a session")
        }
        SSHTunnel.install(on: inner)
        libssh2_session_set_blocking(inner, 0)
        let peer = PeerAddress(address: endpoint.host, port: endpoint.port)
        do {
            try options.algorithms.apply(to: inner, hostKeys: options.hostKeyAlgorithms ?? SSHOptions.defaultHostKeyAlgorithms)
            var hostKey = try Handshake.perform(inner, fd: socketDescriptor, endpoint: endpoint, peer: peer,
                                                options: options, deadline: deadline, tunnel: tunnel)
            hostKey.reachedThrough = "the jump host \(self.endpoint.hostAndPort)"
            return SSHSession(raw: inner, fd: socketDescriptor, endpoint: endpoint, peer: peer, hostKey: hostKey,
                              options: options, hooks: hooks)
        } catch {
            libssh2_session_free(inner)
            throw error
        }
    }

    /// How many jump hosts this session's bytes pass through (0: a direct connection).
    public var jumpCount: Int { tunnel.map { $0.outer.jumpCount + 1 } ?? 0 }
}
