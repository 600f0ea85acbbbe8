import LibC

/// Recognises the three forms a hostname may take and compares them.
public enum Hostname {
    /// True for a DNS name, a dotted IPv4 address or an IPv6 address (brackets not included).
    public static func isValid(_ s: String) -> Bool {
        isIPv4(s) || isIPv6(s) || isDNSName(s)
    }

    public static func isIPv4(_ s: String) -> Bool {
        var addr = in_addr()
        return inet_pton(AF_INET, s, &addr) == 1
    }

    /// An IPv6 address, optionally with a zone (`fe80::1%eth0`).
    public static func isIPv6(_ s: String) -> Bool {
        let parts = s.split(separator: "%", maxSplits: 1, omittingEmptySubsequences: false)
        if parts.count == 2 {
            let zone = parts[1].utf8
            guard (1...32).contains(zone.count), zone.allSatisfy(HostRules.isNameByte) else { return false }
        }
        var addr = in6_addr()
        return inet_pton(AF_INET6, String(parts[0]), &addr) == 1
    }

    /// Labels of 1-63 letters, digits, '-' and '_', not starting or ending with '-', joined by
    /// dots; up to 253 characters; not all-numeric (that would be a malformed IPv4 address).
    public static func isDNSName(_ s: String) -> Bool {
        guard (1...253).contains(s.utf8.count) else { return false }
        let labels = s.split(separator: ".", omittingEmptySubsequences: false)
        for label in labels {
            let bytes = Array(label.utf8)
            guard (1...63).contains(bytes.count),
                  bytes.allSatisfy({ HostRules.isAlphanumeric($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") }),
                  bytes.first != UInt8(ascii: "-"), bytes.last != UInt8(ascii: "-") else { return false }
        }
        return !labels.allSatisfy { $0.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }
    }

    /// Removes the brackets a person may type around an IPv6 address (`[::1]`).
    public static func stripBrackets(_ s: String) -> String {
        if s.hasPrefix("["), s.hasSuffix("]"), s.count > 2 { return String(s.dropFirst().dropLast()) }
        return s
    }

    /// A form for comparison: IPv6 addresses in canonical text, names lowercased.
    public static func canonical(_ s: String) -> String {
        if isIPv6(s), !s.contains("%") {
            var addr = in6_addr()
            var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
            if inet_pton(AF_INET6, s, &addr) == 1, inet_ntop(AF_INET6, &addr, &buffer, socklen_t(buffer.count)) != nil {
                return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
        }
        return s.lowercased()
    }
}
