import Foundation

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
        var rest = Substring(text)
        var user: String?
        if let at = rest.lastIndex(of: "@") {
            user = String(rest[..<at])
            rest = rest[rest.index(after: at)...]
        }
        var host = String(rest)
        var port: Int?
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { return nil }
            host = String(rest[rest.index(after: rest.startIndex)..<close])
            let after = rest[rest.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":"), let p = Int(after.dropFirst()) else { return nil }
                port = p
            }
        } else if rest.filter({ $0 == ":" }).count == 1, let colon = rest.firstIndex(of: ":") {
            host = String(rest[..<colon])
            guard let p = Int(rest[rest.index(after: colon)...]) else { return nil }
            port = p
        }
        if let user, (try? HostRules.checkUser(user)) == nil { return nil }
        if let port, !(1...65535).contains(port) { return nil }
        guard Hostname.isValid(host) else { return nil }
        self.user = user
        self.host = host
        self.port = port
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
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard (1...maximumHops).contains(items.count) else {
            throw HostValidationError(field: "jump", value: text, rule: rule)
        }
        return try items.map { item in
            guard let hop = JumpHop(item) else { throw HostValidationError(field: "jump", value: item, rule: rule) }
            return hop
        }
    }
}
