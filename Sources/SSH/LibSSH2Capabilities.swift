import CLibSSH2

/// The four kinds of algorithm a key exchange settles, as `libssh2_session_method_pref` and
/// `drover doctor` name them. Ciphers and MACs are set for both directions alike.
public enum AlgorithmKind: CaseIterable, Sendable {
    case keyExchange, hostKey, cipher, mac

    public var label: String {
        switch self {
        case .keyExchange: return "key exchange"
        case .hostKey: return "host keys"
        case .cipher: return "ciphers"
        case .mac: return "MACs"
        }
    }

    /// The libssh2 method types this kind sets (client to server and back for ciphers and MACs).
    var codes: [Int32] {
        switch self {
        case .keyExchange: return [LIBSSH2_METHOD_KEX]
        case .hostKey: return [LIBSSH2_METHOD_HOSTKEY]
        case .cipher: return [LIBSSH2_METHOD_CRYPT_CS, LIBSSH2_METHOD_CRYPT_SC]
        case .mac: return [LIBSSH2_METHOD_MAC_CS, LIBSSH2_METHOD_MAC_SC]
        }
    }
}

/// What the loaded libssh2 can negotiate, by kind, as it reports itself
/// (`libssh2_session_supported_algs` on a session that never connects): the names a host's
/// `--legacy-algorithms` may choose from exist only if the library was built with them.
public enum LibSSH2Capabilities {
    /// The algorithms libssh2 supports for `kind`; empty if it would not say.
    public static func supported(_ kind: AlgorithmKind) -> [String] {
        _ = LibSSH2.initialised
        guard let session = libssh2_session_init_ex(nil, nil, nil, nil) else { return [] }
        defer { libssh2_session_free(session) }
        var list: UnsafeMutablePointer<UnsafePointer<CChar>?>?
        let count = libssh2_session_supported_algs(session, kind.codes[0], &list)
        guard count > 0, let list else { return [] }
        defer { libssh2_free(session, list) }
        return (0..<Int(count)).compactMap { list[$0].map { String(cString: $0) } }
    }
}
