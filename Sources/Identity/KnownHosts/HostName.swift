/// How known_hosts names a host and port: plain `host` for port 22, else `[host]:port`
/// (OpenSSH's rule, IPv6 addresses included), host names in lower case.
public enum HostName {
    /// The known_hosts token for `host` (brackets around it are dropped) and `port`.
    public static func token(host: String, port: Int) -> String {
        let bare = normalized(host)
        return port == 22 ? bare : "[\(bare)]:\(port)"
    }

    /// `host` in lower case without surrounding brackets.
    public static func normalized(_ host: String) -> String {
        var h = host.lowercased()
        if h.hasPrefix("["), h.hasSuffix("]") { h = String(h.dropFirst().dropLast()) }
        return h
    }

    /// Host and port of a known_hosts token: `[host]:port` or plain `host` (port 22).
    /// Nil for a bracketed token without a valid port.
    static func parse(token: String) -> (host: String, port: Int)? {
        guard token.hasPrefix("[") else { return (token.lowercased(), 22) }
        guard let close = token.lastIndex(of: "]") else { return nil }
        let host = token[token.index(after: token.startIndex)..<close]
        let after = token[token.index(after: close)...]
        guard after.hasPrefix(":"), let port = Int(after.dropFirst()), (1...65535).contains(port), !host.isEmpty else {
            return nil
        }
        return (host.lowercased(), port)
    }

    /// OpenSSH's pattern match: `*` any run of characters, `?` any one character,
    /// case-insensitive.
    static func glob(_ pattern: String, matches name: String) -> Bool {
        let p = Array(pattern.lowercased()), n = Array(name.lowercased())
        var pi = 0, ni = 0
        var starP = -1, starN = 0
        while ni < n.count {
            if pi < p.count, p[pi] == "?" || p[pi] == n[ni] {
                pi += 1
                ni += 1
            } else if pi < p.count, p[pi] == "*" {
                starP = pi
                starN = ni
                pi += 1
            } else if starP >= 0 {
                pi = starP + 1
                starN += 1
                ni = starN
            } else {
                return false
            }
        }
        while pi < p.count, p[pi] == "*" { pi += 1 }
        return pi == p.count
    }
}
