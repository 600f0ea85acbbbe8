#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LibC

/// One local port forward, `[BIND:]LPORT:HOST:RPORT` as ssh's -L: Drover listens on BIND
/// (loopback unless given) port LPORT, and each connection there is carried to HOST:RPORT as
/// seen from the remote host, over a `direct-tcpip` channel.
public struct ForwardSpec: Equatable, Sendable, CustomStringConvertible {
    /// The local address to listen on: an IPv4 or IPv6 literal, or `localhost`.
    public let bind: String
    public let localPort: Int
    /// The destination as the remote host resolves it.
    public let host: String
    public let remotePort: Int

    public static let rule = "a forward is [BIND:]LPORT:HOST:RPORT (as ssh -L), BIND an IP address or localhost, "
        + "ports from 1 to 65535, IPv6 addresses in brackets"
    public static let maximumForwards = 16

    /// `[BIND:]PORT:HOST:PORT` split at the colons outside `[…]` (IPv6 addresses): three or four
    /// fields, else nil. The form `-L` and `-R` share, as in ssh.
    static func colonFields(_ text: String) -> [String]? {
        var parts: [String] = []
        var current = ""
        var bracket = false
        for c in text {
            if c == "[" { bracket = true; continue }
            if c == "]" { bracket = false; continue }
            if c == ":" && !bracket { parts.append(current); current = ""; continue }
            current.append(c)
        }
        parts.append(current)
        return parts.count == 3 || parts.count == 4 ? parts : nil
    }

    /// Parses one forward; nil when it is not of that form.
    public init?(_ text: String) {
        guard let parts = Self.colonFields(text) else { return nil }
        let bind = parts.count == 4 ? parts[0] : "127.0.0.1"
        let fields = Array(parts.suffix(3))
        guard let local = Int(fields[0]), let remote = Int(fields[2]),
              (1...65535).contains(local), (1...65535).contains(remote),
              Self.isAddress(bind) || bind == "localhost", Hostname.isValid(fields[1]) else { return nil }
        self.bind = bind
        self.localPort = local
        self.host = fields[1]
        self.remotePort = remote
    }

    /// True for an address only this computer can reach: 127.0.0.0/8, ::1 or `localhost`.
    public var isLoopback: Bool {
        if bind == "localhost" || bind == "::1" { return true }
        var v4 = in_addr()
        return inet_pton(AF_INET, bind, &v4) == 1 && bind.hasPrefix("127.")
    }

    /// `127.0.0.1:8080:localhost:80`, IPv6 addresses bracketed.
    public var description: String {
        func bracketed(_ s: String) -> String { s.contains(":") ? "[\(s)]" : s }
        return "\(bracketed(bind)):\(localPort):\(bracketed(host)):\(remotePort)"
    }

    /// `8080 → localhost:80`, for the status line and the host list.
    public var summary: String {
        let local = bind == "127.0.0.1" ? "\(localPort)" : "\(bind.contains(":") ? "[\(bind)]" : bind):\(localPort)"
        return "\(local) → \(host.contains(":") ? "[\(host)]" : host):\(remotePort)"
    }

    private static func isAddress(_ text: String) -> Bool {
        var v4 = in_addr()
        var v6 = in6_addr()
        return inet_pton(AF_INET, text, &v4) == 1 || inet_pton(AF_INET6, text, &v6) == 1
    }

    /// Parses forwards given on the command line or stored with a host. A non-loopback BIND is
    /// refused unless `allowPublic`: anyone who can reach that address could use the forward.
    public static func parseAll(_ texts: [String], allowPublic: Bool) throws -> [ForwardSpec] {
        guard texts.count <= maximumForwards else {
            throw HostValidationError(field: "forward", value: texts.joined(separator: " "),
                                      rule: "at most \(maximumForwards) forwards per host")
        }
        var seen: Set<String> = []
        return try texts.map { text in
            guard let spec = ForwardSpec(text) else { throw HostValidationError(field: "forward", value: text, rule: rule) }
            guard allowPublic || spec.isLoopback else { throw ForwardSpecError.publicBind(text) }
            guard seen.insert("\(spec.bind):\(spec.localPort)").inserted else {
                throw HostValidationError(field: "forward", value: text, rule: "each local address and port is forwarded once")
            }
            return spec
        }
    }
}

/// A forward that would listen where other computers can reach it, without `--forward-public`.
public enum ForwardSpecError: Error, CustomStringConvertible, Equatable, Sendable {
    case publicBind(String)

    /// The rule, as `HostValidationError` states it for a stored entry that breaks it.
    public static let publicBindRule = "it would listen on an address other computers can reach; bind it to 127.0.0.1, "
        + "or allow that with --forward-public"

    public var description: String {
        switch self {
        case .publicBind(let text):
            return "forward '\(HostValidationError.printable(text))' would listen on an address other computers can "
                + "reach, so anyone there could use this connection; bind it to 127.0.0.1, or add --forward-public "
                + "if that is what you want."
        }
    }
}
