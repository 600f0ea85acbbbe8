import CLibSSH2

/// What a finished key exchange settled on (`libssh2_session_methods`), for `drover doctor`:
/// cheap to read, and the place a weak algorithm a host allowed shows up by name.
public struct NegotiatedAlgorithms: Sendable, Equatable {
    public let keyExchange: String
    public let hostKey: String
    /// Client to server and back (the same name unless the server chose differently).
    public let ciphers: [String]
    /// Empty when the ciphers authenticate the data themselves (chacha20-poly1305, AES-GCM).
    public let macs: [String]

    public init(keyExchange: String, hostKey: String, ciphers: [String], macs: [String]) {
        self.keyExchange = keyExchange
        self.hostKey = hostKey
        self.ciphers = ciphers
        self.macs = macs
    }

    init(raw: OpaquePointer) {
        func name(_ code: Int32) -> String { libssh2_session_methods(raw, code).map { String(cString: $0) } ?? "unknown" }
        func once(_ names: [String]) -> [String] { names[0] == names[1] ? [names[0]] : names }
        keyExchange = name(LIBSSH2_METHOD_KEX)
        hostKey = name(LIBSSH2_METHOD_HOSTKEY)
        ciphers = once([name(LIBSSH2_METHOD_CRYPT_CS), name(LIBSSH2_METHOD_CRYPT_SC)])
        let aead = ciphers.allSatisfy { $0.hasPrefix("chacha20-poly1305") || $0.hasSuffix("-gcm@openssh.com") }
        macs = aead ? [] : once([name(LIBSSH2_METHOD_MAC_CS), name(LIBSSH2_METHOD_MAC_SC)])
    }

    /// `key exchange curve25519-sha256, host key ssh-ed25519, cipher chacha20-poly1305@openssh.com (its own MAC)`.
    public var summary: String {
        "key exchange \(keyExchange), host key \(hostKey), cipher \(ciphers.joined(separator: "/"))"
            + (macs.isEmpty ? " (its own MAC)" : ", MAC \(macs.joined(separator: "/"))")
    }

    /// The weak algorithms in use, each with its kind (`aes128-cbc (cipher)`); empty for a modern connection.
    public var weak: [String] {
        let named = [(keyExchange, "key exchange"), (hostKey, "host key")] + ciphers.map { ($0, "cipher") }
            + macs.map { ($0, "MAC") }
        return named.filter { SSHAlgorithms.legacyKind(of: $0.0) != nil }.map { "\($0.0) (\($0.1))" }
    }
}

extension SSHSession {
    /// The algorithms this session's key exchange settled on.
    public var negotiatedAlgorithms: NegotiatedAlgorithms { NegotiatedAlgorithms(raw: raw) }
}
