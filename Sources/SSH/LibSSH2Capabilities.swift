import CLibSSH2

/// What the loaded libssh2 can negotiate, by method kind, as it reports itself
/// (`libssh2_session_supported_algs` on a session that never connects). For `drover doctor`.
public enum LibSSH2Capabilities {
    public enum Method: CaseIterable, Sendable {
        case keyExchange, hostKey, cipher, mac

        public var label: String {
            switch self {
            case .keyExchange: return "key exchange"
            case .hostKey: return "host key"
            case .cipher: return "ciphers"
            case .mac: return "MACs"
            }
        }

        var code: Int32 {
            switch self {
            case .keyExchange: return LIBSSH2_METHOD_KEX
            case .hostKey: return LIBSSH2_METHOD_HOSTKEY
            case .cipher: return LIBSSH2_METHOD_CRYPT_CS
            case .mac: return LIBSSH2_METHOD_MAC_CS
            }
        }
    }

    /// The algorithms libssh2 supports for `method`; empty if it would not say.
    public static func supported(_ method: Method) -> [String] {
        _ = LibSSH2.initialised
        guard let session = libssh2_session_init_ex(nil, nil, nil, nil) else { return [] }
        defer { libssh2_session_free(session) }
        var list: UnsafeMutablePointer<UnsafePointer<CChar>?>?
        let count = libssh2_session_supported_algs(session, method.code, &list)
        guard count > 0, let list else { return [] }
        defer { libssh2_free(session, list) }
        return (0..<Int(count)).compactMap { list[$0].map { String(cString: $0) } }
    }
}
