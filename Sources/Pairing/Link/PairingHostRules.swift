#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TextSafety
import LibC

/// The rules for one entry of a link's `h`, as the herdr app applies them, plus the wider
/// rule Drover allows between two computers behind `--not-for-herdr-app`.
///
/// The app spells every host one way (`normalized`) before it checks, pins or saves it, and
/// accepts only what Tailscale hands out: a machine name, a MagicDNS name under `.ts.net`, or
/// an address in the tailnet ranges. Anything a resolver might read as something else (an
/// IPv4 number written in octal, hex or short form, a bracketed or zoned IPv6 address, an
/// underscore, a port) is refused, so the text a person sees is the place the phone goes.
public enum PairingHostRules {
    /// Which hosts a link may name.
    public enum Scope: Sendable, Equatable {
        /// What the herdr app accepts: tailnet names and addresses only.
        case herdrApp
        /// Also other well-formed names and plain IPv4/IPv6 addresses (Drover to Drover on a
        /// LAN, behind `--not-for-herdr-app`).
        case beyondTailnet
    }

    /// The most bytes a host name may have, and one of its labels.
    static let maximumNameBytes = 253
    static let maximumLabelBytes = 63

    /// `text` as the app spells a host: white space and line breaks removed at both ends
    /// (Foundation's `whitespacesAndNewlines`, which also holds the zero-width space U+200B),
    /// lowercased (Unicode's full lowercase mapping, so the Kelvin sign becomes `k`), and one
    /// trailing dot (the DNS root) dropped.
    public static func normalized(_ text: String) -> String {
        var host = text.trimmingWhitespaceAndNewlines().lowercased()
        if host.hasSuffix(".") { host.removeLast() }
        return host
    }

    /// Why the already normalized `host` is refused under `scope`, or nil when it is accepted.
    public static func problem(with host: String, scope: Scope) -> String? {
        if host.isEmpty { return "an address is empty" }
        // Never quoted: a link whose `&` before `k=` was lost carries the one-time key here.
        if host.contains("=") { return "an address contains '=', which no name or address has (is a '&' missing before a field?)" }
        if let split = hostAndPort(host) { return "'\(host)' carries a port (\(split.port)), which a host may not" }
        if host.contains(":") { return ipv6Problem(host, scope: scope) }
        if let octets = resolverIPv4(host) {
            guard host.split(separator: ".", omittingEmptySubsequences: false).count == 4,
                  octets.map(String.init).joined(separator: ".") == host else {
                return "'\(host)' is a numeric address not written as four plain decimal numbers (like 100.101.102.103)"
            }
            if scope == .herdrApp && !(octets[0] == 100 && (64...127).contains(octets[1])) {
                return "'\(host)' is outside Tailscale's IPv4 range 100.64.0.0/10"
            }
            return nil
        }
        guard host.unicodeScalars.allSatisfy(\.isASCII) else {
            return "'\(host)' has characters other than ASCII letters, digits, '-' and '.' "
                + "(the herdr app does not convert international names)"
        }
        guard host.utf8.count <= maximumNameBytes else { return "a host name is longer than 253 bytes" }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.allSatisfy(isLabel) else {
            return "'\(host)' is not a host name: each dot-separated label must be 1 to 63 of a-z 0-9 -, "
                + "not starting or ending with -"
        }
        if scope == .herdrApp && !(labels.count == 1 || (labels.count >= 3 && host.hasSuffix(".ts.net"))) {
            return "'\(host)' is neither a machine name without dots nor a Tailscale MagicDNS name under .ts.net"
        }
        return nil
    }

    /// The host and port of `text` written as `host:port` or `[address]:port` (a port of 1–5
    /// digits), which people type from habit; nil for anything else, IPv6 addresses included
    /// (a single colon is never one).
    public static func hostAndPort(_ text: String) -> (host: String, port: String)? {
        guard let colon = text.lastIndex(of: ":") else { return nil }
        var host = text[..<colon]
        let port = text[text.index(after: colon)...]
        guard (1...5).contains(port.utf8.count), port.utf8.allSatisfy({ (48...57).contains($0) }) else { return nil }
        if host.hasPrefix("[") && host.hasSuffix("]") && host.count > 2 {
            host = host.dropFirst().dropLast()
        } else if host.contains(":") || host.isEmpty {
            return nil
        }
        return (String(host), String(port))
    }

    /// True when `host` (normalized) passes `scope`'s rule.
    public static func accepts(_ host: String, scope: Scope) -> Bool { problem(with: host, scope: scope) == nil }

    /// What the herdr app takes instead, for refusal messages.
    public static let whatWorks = "the herdr app accepts only Tailscale's names and addresses: the MagicDNS name "
        + "(machine.tailnet.ts.net), the machine name alone, or an address in 100.64.0.0/10 or fd7a:115c:a1e0::/48"

    /// An IPv6 address, bare (no brackets, zone or embedded IPv4), lowercase hex and colons.
    private static func ipv6Problem(_ host: String, scope: Scope) -> String? {
        var address = in6_addr()
        guard host.utf8.allSatisfy({ isHexDigit($0) || $0 == UInt8(ascii: ":") }),
              inet_pton(AF_INET6, host, &address) == 1 else {
            return "'\(host)' is not a plain IPv6 address (no brackets, zone or embedded IPv4)"
        }
        let prefix = withUnsafeBytes(of: address) { Array($0.prefix(6)) }
        if scope == .herdrApp && prefix != [0xFD, 0x7A, 0x11, 0x5C, 0xA1, 0xE0] {
            return "'\(host)' is outside Tailscale's IPv6 range fd7a:115c:a1e0::/48"
        }
        return nil
    }

    /// The four bytes when the C resolver would read `host` as an IPv4 number in any of its
    /// spellings (`127.1`, `0x7f000001`, `2130706433`, `0177.0.0.1`), else nil.
    private static func resolverIPv4(_ host: String) -> [UInt8]? {
        var address = in_addr()
        guard inet_aton(host, &address) != 0 else { return nil }
        return withUnsafeBytes(of: address.s_addr) { Array($0) }
    }

    /// One DNS label: 1–63 of `a-z 0-9 -`, starting and ending with a letter or digit.
    private static func isLabel(_ label: Substring) -> Bool {
        guard (1...maximumLabelBytes).contains(label.utf8.count),
              let first = label.utf8.first, let last = label.utf8.last,
              isLowerAlphanumeric(first), isLowerAlphanumeric(last) else { return false }
        return label.utf8.allSatisfy { isLowerAlphanumeric($0) || $0 == UInt8(ascii: "-") }
    }

    private static func isLowerAlphanumeric(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
    }
}
