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
        var rest = Substring(text)
        var user = defaultUser
        if let at = rest.lastIndex(of: "@") {
            user = String(rest[..<at])
            rest = rest[rest.index(after: at)...]
        }
        guard let user, !user.isEmpty, !rest.isEmpty else { return nil }
        var host = String(rest)
        var port = 22
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { return nil }
            host = String(rest[rest.index(after: rest.startIndex)..<close])
            let after = rest[rest.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":"), let p = Int(after.dropFirst()), (1...65535).contains(p) else { return nil }
                port = p
            }
        } else if rest.filter({ $0 == ":" }).count == 1, let colon = rest.firstIndex(of: ":") {
            host = String(rest[..<colon])
            guard let p = Int(rest[rest.index(after: colon)...]), (1...65535).contains(p) else { return nil }
            port = p
        }
        guard !host.isEmpty, !host.contains(where: { $0 == " " || $0 == "/" }) else { return nil }
        return SSHEndpoint(host: host, port: port, user: user)
    }
}
