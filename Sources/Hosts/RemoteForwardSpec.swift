/// One remote port forward, `[BIND:]RPORT:HOST:LPORT` as ssh's -R: the host's sshd listens on
/// BIND (its loopback unless given; its GatewayPorts decides) port RPORT (a `tcpip-forward`
/// request), and each connection there is carried back and connected to HOST:LPORT as this
/// computer sees it.
public struct RemoteForwardSpec: Equatable, Sendable, CustomStringConvertible {
    /// The address the host listens on, as its sshd reads it (`localhost` when not given).
    public let bind: String
    public let remotePort: Int
    /// The destination as this computer resolves it.
    public let host: String
    public let localPort: Int

    public static let rule = "a remote forward is [BIND:]RPORT:HOST:LPORT (as ssh -R), ports from 1 to 65535, "
        + "IPv6 addresses in brackets"

    /// Parses one remote forward; nil when it is not of that form.
    public init?(_ text: String) {
        guard let parts = ForwardSpec.colonFields(text) else { return nil }
        let bind = parts.count == 4 ? parts[0] : "localhost"
        let fields = Array(parts.suffix(3))
        guard let remote = Int(fields[0]), let local = Int(fields[2]),
              (1...65535).contains(local), (1...65535).contains(remote),
              Hostname.isValid(bind), Hostname.isValid(fields[1]) else { return nil }
        self.bind = bind
        self.remotePort = remote
        self.host = fields[1]
        self.localPort = local
    }

    /// `localhost:8080:127.0.0.1:80`, IPv6 addresses bracketed.
    public var description: String {
        func bracketed(_ s: String) -> String { s.contains(":") ? "[\(s)]" : s }
        return "\(bracketed(bind)):\(remotePort):\(bracketed(host)):\(localPort)"
    }

    /// `remote 8080 → 127.0.0.1:80`, for the status line and the host list.
    public var summary: String {
        let remote = bind == "localhost" ? "\(remotePort)" : "\(bind.contains(":") ? "[\(bind)]" : bind):\(remotePort)"
        return "remote \(remote) → \(host.contains(":") ? "[\(host)]" : host):\(localPort)"
    }

    /// Parses remote forwards given on the command line or stored with a host: at most
    /// `ForwardSpec.maximumForwards`, each host address and port once.
    public static func parseAll(_ texts: [String]) throws -> [RemoteForwardSpec] {
        guard texts.count <= ForwardSpec.maximumForwards else {
            throw HostValidationError(field: "remoteForward", value: texts.joined(separator: " "),
                                      rule: "at most \(ForwardSpec.maximumForwards) remote forwards per host")
        }
        var seen: Set<String> = []
        return try texts.map { text in
            guard let spec = RemoteForwardSpec(text) else {
                throw HostValidationError(field: "remoteForward", value: text, rule: rule)
            }
            guard seen.insert("\(spec.bind):\(spec.remotePort)").inserted else {
                throw HostValidationError(field: "remoteForward", value: text,
                                          rule: "each of the host's addresses and ports is forwarded once")
            }
            return spec
        }
    }
}
