import LibC

/// Which peers an enrolling client may talk to after TCP connect and before authenticating,
/// and (the same networks) where `pair-host`'s one-time key may log in from: the tailnet and
/// loopback; with `--not-for-herdr-app` also the private LAN ranges; anything only when the
/// user asked for any network.
public enum PeerAddressPolicy {
    /// The kind of network a peer address belongs to.
    public enum Network: Equatable, Sendable {
        case loopback
        case tailnet
        /// RFC 1918 IPv4 (10/8, 172.16/12, 192.168/16) or IPv6 unique local (fc00::/7) outside
        /// the tailnet's own fd7a:115c:a1e0::/48.
        case privateLAN
        case other
        /// The text is not a numeric IPv4 or IPv6 address.
        case unparseable
    }

    /// How far a pairing may reach.
    public enum Reach: Equatable, Sendable {
        /// Tailnet and loopback: what a code for the herdr app needs.
        case tailnet
        /// Also the private LAN ranges (`--not-for-herdr-app`).
        case privateLAN
        /// Any numeric address (`pair --any-network`).
        case anyNetwork

        /// The networks as `authorized_keys` `from=` patterns, for the one-time key.
        public var sourcePatterns: String {
            let tailnet = "100.64.0.0/10,fd7a:115c:a1e0::/48,127.0.0.1,::1"
            switch self {
            case .tailnet: return tailnet
            case .privateLAN: return tailnet + ",10.0.0.0/8,172.16.0.0/12,192.168.0.0/16,fc00::/7"
            case .anyNetwork: return "*"
            }
        }
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
        if bytes[0] & 0xFE == 0xFC { return .privateLAN }
        return .other
    }

    /// True when a peer at `address` is within `reach`. A name (not a numeric address) never is.
    public static func accepts(_ address: String, reach: Reach) -> Bool {
        switch (network(of: address), reach) {
        case (.unparseable, _): return false
        case (.loopback, _), (.tailnet, _), (_, .anyNetwork): return true
        case (.privateLAN, .privateLAN): return true
        default: return false
        }
    }

    private static func network(ipv4 bytes: [UInt8]) -> Network {
        if bytes[0] == 127 { return .loopback }
        if bytes[0] == 100 && (64...127).contains(bytes[1]) { return .tailnet }
        if bytes[0] == 10 || (bytes[0] == 172 && (16...31).contains(bytes[1])) || (bytes[0] == 192 && bytes[1] == 168) {
            return .privateLAN
        }
        return .other
    }
}

private extension String {
    func trimmingBrackets() -> String {
        hasPrefix("[") && hasSuffix("]") && count >= 2 ? String(dropFirst().dropLast()) : self
    }
}
