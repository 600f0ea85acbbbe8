import LibC

/// Which peers an enrolling client may talk to after TCP connect and before authenticating:
/// tailnet (`100.64.0.0/10`, `fd7a:115c:a1e0::/48`) or loopback, others only when the user
/// asked for any network.
public enum PeerAddressPolicy {
    /// The kind of network a peer address belongs to.
    public enum Network: Equatable, Sendable {
        case loopback
        case tailnet
        case other
        /// The text is not a numeric IPv4 or IPv6 address.
        case unparseable
    }

    /// Classifies a numeric address such as `100.101.102.103`, `::1` or `fd7a:115c:a1e0::5`.
    /// IPv4-mapped IPv6 addresses count as their IPv4 address; a `%zone` suffix is ignored.
    public static func network(of address: String) -> Network {
        let bare = String(address.split(separator: "%", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
            .trimmingBrackets()
        var v4 = in_addr()
        if inet_pton(AF_INET, bare, &v4) == 1 {
            return network(ipv4: withUnsafeBytes(of: v4.s_addr) { Array($0) })
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, bare, &v6) == 1 else { return .unparseable }
        let bytes = withUnsafeBytes(of: v6) { Array($0) }
        if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF {
            return network(ipv4: Array(bytes[12..<16]))
        }
        if bytes[0..<15].allSatisfy({ $0 == 0 }) && bytes[15] == 1 { return .loopback }
        if bytes[0..<6] == [0xFD, 0x7A, 0x11, 0x5C, 0xA1, 0xE0] { return .tailnet }
        return .other
    }

    /// True when the peer may be used: tailnet or loopback, or anything numeric with `anyNetwork`.
    public static func accepts(_ address: String, anyNetwork: Bool) -> Bool {
        switch network(of: address) {
        case .loopback, .tailnet: return true
        case .other: return anyNetwork
        case .unparseable: return false
        }
    }

    private static func network(ipv4 bytes: [UInt8]) -> Network {
        if bytes[0] == 127 { return .loopback }
        if bytes[0] == 100 && (64...127).contains(bytes[1]) { return .tailnet }
        return .other
    }
}

private extension String {
    func trimmingBrackets() -> String {
        hasPrefix("[") && hasSuffix("]") && count >= 2 ? String(dropFirst().dropLast()) : self
    }
}
