import CLibSSH2

/// The SSH handshake (banner exchange and key exchange) on a fresh non-blocking session,
/// and reading the host key it produced.
enum Handshake {
    /// `deadline` ends the whole connect (`SSHOptions.handshakeTimeout` after it began);
    /// `tunnel` carries the session through a jump host (nil: `fd` is its own TCP socket).
    static func perform(_ raw: OpaquePointer, fd: Int32, endpoint: SSHEndpoint, peer: PeerAddress,
                        options: SSHOptions, deadline: ContinuousClock.Instant,
                        tunnel: SSHTunnel?, mayProbe: Bool = true) throws -> PresentedHostKey {
        let timeout = options.handshakeTimeout
        while true {
            let rc = libssh2_session_handshake(raw, fd)
            if rc == 0 { break }
            guard rc == LIBSSH2_ERROR_EAGAIN else {
                throw handshakeError(raw, code: rc, endpoint: endpoint, options: options, tunnel: tunnel, mayProbe: mayProbe)
            }
            let directions = SSHBlockDirections(rawValue: libssh2_session_block_directions(raw))
                .union(tunnel?.outer.blockDirections ?? [])
            try SocketWait.wait(fd: fd, events: directions.pollEvents, until: deadline) {
                SSHError.timedOut(host: endpoint.host, port: endpoint.port, seconds: timeout,
                                  waitingFor: "waiting for the SSH server to greet and exchange keys")
            }
        }
        return try hostKey(raw, endpoint: endpoint, peer: peer)
    }

    private static func hostKey(_ raw: OpaquePointer, endpoint: SSHEndpoint, peer: PeerAddress) throws -> PresentedHostKey {
        var length = 0
        var type: Int32 = 0
        guard let keyPointer = libssh2_session_hostkey(raw, &length, &type), length > 0,
              let hashPointer = libssh2_hostkey_hash(raw, LIBSSH2_HOSTKEY_HASH_SHA256) else {
            throw SSHError.handshakeFailed(host: endpoint.host, port: endpoint.port, detail: "the server sent no host key")
        }
        let blob = Array(UnsafeRawBufferPointer(start: keyPointer, count: length))
        // The SHA256 hash is 32 raw bytes, not a C string.
        let digest = Array(UnsafeRawBufferPointer(start: hashPointer, count: 32))
        let keyType = PresentedHostKey.keyTypeName(ofBlob: blob) ?? typeName(type)
        return PresentedHostKey(host: endpoint.host, port: endpoint.port, peer: peer, keyType: keyType,
                                blob: blob, fingerprint: PresentedHostKey.fingerprint(sha256: digest))
    }

    private static func typeName(_ type: Int32) -> String {
        switch type {
        case LIBSSH2_HOSTKEY_TYPE_RSA: return "ssh-rsa"
        case LIBSSH2_HOSTKEY_TYPE_DSS: return "ssh-dss"
        case LIBSSH2_HOSTKEY_TYPE_ECDSA_256: return "ecdsa-sha2-nistp256"
        case LIBSSH2_HOSTKEY_TYPE_ECDSA_384: return "ecdsa-sha2-nistp384"
        case LIBSSH2_HOSTKEY_TYPE_ECDSA_521: return "ecdsa-sha2-nistp521"
        case LIBSSH2_HOSTKEY_TYPE_ED25519: return "ssh-ed25519"
        default: return "unknown"
        }
    }

    /// What the server offers is read from a new direct connection (`ServerAlgorithmsProbe`),
    /// or, behind a jump host, from what the tunnel saw of the server's greeting. Not for a
    /// host reached through a ProxyCommand (`mayProbe` false): it is never connected to directly.
    private static func handshakeError(_ raw: OpaquePointer, code: Int32, endpoint: SSHEndpoint,
                                       options: SSHOptions, tunnel: SSHTunnel?, mayProbe: Bool) -> SSHError {
        let detail = LibSSH2.lastErrorMessage(raw)
        switch code {
        case LIBSSH2_ERROR_KEX_FAILURE, LIBSSH2_ERROR_KEY_EXCHANGE_FAILURE, LIBSSH2_ERROR_METHOD_NOT_SUPPORTED,
             LIBSSH2_ERROR_HOSTKEY_INIT, LIBSSH2_ERROR_HOSTKEY_SIGN:
            let offered = if let tunnel { tunnel.serverAlgorithms } else if !mayProbe { nil as [AlgorithmKind: [String]]? } else {
                ServerAlgorithmsProbe.algorithms(host: endpoint.host, port: endpoint.port, timeout: options.connectTimeout)
            }
            if let offered,
               let server = LegacyOnlyServer.diagnose(server: offered, algorithms: options.algorithms,
                                                      host: endpoint.host, port: endpoint.port) {
                return .legacyOnlyServer(server)
            }
            return .handshakeFailed(host: endpoint.host, port: endpoint.port, detail: "\(detail), code \(code)")
        case LIBSSH2_ERROR_BANNER_RECV, LIBSSH2_ERROR_SOCKET_DISCONNECT, LIBSSH2_ERROR_SOCKET_RECV:
            return .handshakeFailed(host: endpoint.host, port: endpoint.port,
                                    detail: "the server closed the connection before the SSH greeting; is it an SSH server?")
        default:
            return .handshakeFailed(host: endpoint.host, port: endpoint.port, detail: "\(detail), code \(code)")
        }
    }
}
