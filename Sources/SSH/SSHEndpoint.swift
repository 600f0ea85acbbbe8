import TextSafety

/// Where to connect and as whom: a host name or address, a TCP port and a login user.
public struct SSHEndpoint: Sendable, Equatable, Hashable, CustomStringConvertible {
    public var host: String
    public var port: Int
    public var user: String

    public init(host: String, port: Int = 22, user: String) {
        self.host = host
        self.port = port
        self.user = user
    }

    /// `host`, `host:port`, or `[v6addr]:port`: the form `drover pins forget` accepts.
    public var hostAndPort: String { Self.hostAndPort(host: host, port: port) }

    /// `user@host[:port]`.
    public var description: String { "\(user)@\(hostAndPort)" }

    /// `host` for port 22, else `host:port` (IPv6 literals bracketed: `[::1]:2222`).
    public static func hostAndPort(host: String, port: Int) -> String {
        if port == 22 { return host }
        // A Character, not a String: the String overload is Foundation's locale-aware search (ADR 0018).
        return host.contains(":" as Character) ? "[\(host)]:\(port)" : "\(host):\(port)"
    }

    /// Parses `USER@HOST[:PORT]` (or `HOST[:PORT]` with `defaultUser`); IPv6 as `[addr]:port`
    /// or a bare address without a port. Returns nil when the text is not of that form.
    public static func parse(_ text: String, defaultUser: String?) -> SSHEndpoint? {
        guard let parts = UserHostPort(text), let user = parts.user ?? defaultUser, !user.isEmpty,
              !parts.host.isEmpty, !parts.host.contains(where: { $0 == " " || $0 == "/" })
        else { return nil }
        return SSHEndpoint(host: parts.host, port: parts.port ?? 22, user: user)
    }
}
