/// The `[user@]host[:port]` form OpenSSH takes on its command line and in ProxyJump, split
/// once for both readers: `SSHEndpoint` (a target given as an address) and `JumpHop` (a
/// `--jump` hop). Here, not in either module, because the registry does not depend on the SSH
/// module; each reader adds its own rules for the user and the host.
///
/// The user is everything before the last `@` (so it may hold an `@`, or be empty). An IPv6
/// address takes a port only in brackets (`[::1]:2222`); unbracketed text with one colon is
/// `host:port`, with more it is all host (a bare IPv6 address).
public struct UserHostPort: Equatable, Sendable {
    public let user: String?
    /// Without brackets; may be empty (the readers refuse that with their own rule).
    public let host: String
    /// 1-65535 when given.
    public let port: Int?

    /// Nil for an unclosed bracket, text after `]` other than `:PORT`, or a port that is not
    /// a number from 1 to 65535.
    public init?(_ text: String) {
        var rest = Substring(text)
        var user: String?
        if let at = rest.lastIndex(of: "@") {
            user = String(rest[..<at])
            rest = rest[rest.index(after: at)...]
        }
        var host = rest
        var portText: Substring?
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { return nil }
            host = rest[rest.index(after: rest.startIndex)..<close]
            let after = rest[rest.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { return nil }
                portText = after.dropFirst()
            }
        } else if rest.filter({ $0 == ":" }).count == 1, let colon = rest.firstIndex(of: ":") {
            host = rest[..<colon]
            portText = rest[rest.index(after: colon)...]
        }
        var port: Int?
        if let portText {
            guard let number = Int(portText), (1...65535).contains(number) else { return nil }
            port = number
        }
        self.user = user
        self.host = String(host)
        self.port = port
    }
}
