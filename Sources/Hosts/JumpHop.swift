#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TextSafety

/// One jump host of a host's `--jump` list, as written: a registry name, or
/// `[user@]host[:port]` like OpenSSH's ProxyJump (IPv6 as `[addr]:port`). Which of the two a
/// bare word means is decided when connecting: a registry name wins.
public struct JumpHop: Equatable, Sendable, CustomStringConvertible {
    public let user: String?
    /// DNS name, address, or registry name (stored without brackets).
    public let host: String
    public let port: Int?

    public static let rule = "jump hosts are 1-8 registry names or [user@]host[:port] (IPv6 as [addr]:port), separated by commas"
    public static let maximumHops = 8

    /// Parses one hop; nil when it is neither a name nor an address of that form.
    public init?(_ text: String) {
        guard let parts = UserHostPort(text) else { return nil }
        if let user = parts.user, (try? HostRules.checkUser(user)) == nil { return nil }
        guard Hostname.isValid(parts.host) else { return nil }
        user = parts.user
        host = parts.host
        port = parts.port
    }

    /// The hop as written back: `bastion`, `ann@10.0.0.1:2222`, `[::1]:22`.
    public var description: String {
        let bracketed = host.contains(":") ? "[\(host)]" : host
        return (user.map { "\($0)@" } ?? "") + bracketed + (port.map { ":\($0)" } ?? "")
    }

    /// True when the hop may name a registry host (no user, no port).
    public var mayBeName: Bool { user == nil && port == nil }

    /// Parses a `--jump` value or a ProxyJump line: hops separated by commas. Throws a
    /// `HostValidationError` for the field `jump` naming the first bad hop.
    public static func parseList(_ text: String) throws -> [JumpHop] {
        let items = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingSpaces() }
        guard (1...maximumHops).contains(items.count) else {
            throw HostValidationError(field: "jump", value: text, rule: rule)
        }
        return try items.map { item in
            guard let hop = JumpHop(item) else { throw HostValidationError(field: "jump", value: item, rule: rule) }
            return hop
        }
    }
}
