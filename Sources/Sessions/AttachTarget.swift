import Foundation
import Hosts
import SSH

/// What `drover attach X` connects to: a registry host by name, or `user@host[:port]`
/// (a unix host running the default herdr command).
public struct AttachTarget: Equatable, Sendable {
    /// The name shown in the overlay (registry name, or the endpoint text).
    public let displayName: String
    public let endpoint: SSHEndpoint
    /// The command run in the PTY (the host's attach command).
    public let command: String
    /// The registry host, when the target came from the registry.
    public let host: Hosts.Host?

    public init(displayName: String, endpoint: SSHEndpoint, command: String, host: Hosts.Host?) {
        self.displayName = displayName
        self.endpoint = endpoint
        self.command = command
        self.host = host
    }

    /// A registry host.
    public init(host: Hosts.Host) {
        self.init(displayName: host.name, endpoint: SSHEndpoint(host: host.hostname, port: host.port, user: host.user),
                  command: host.attachCommand, host: host)
    }

    /// Resolves `text`: a registry name first; otherwise `[user@]host[:port]` (IPv6 as `[::1]:22`).
    public static func resolve(_ text: String, in hosts: [Hosts.Host], localUser: String) throws -> AttachTarget {
        if let host = hosts.first(where: { $0.name == text }) {
            return AttachTarget(host: host)
        }
        guard text.contains("@") || text.contains(".") || text.contains(":") || text == "localhost",
              let endpoint = SSHEndpoint.parse(text, defaultUser: localUser) else {
            throw AttachTargetError.unknown(text, known: hosts.map(\.name))
        }
        // A registry host with the same account keeps its settings (session, platform, command).
        if let host = hosts.first(where: {
            $0.hostname.lowercased() == endpoint.host.lowercased() && $0.port == endpoint.port && $0.user == endpoint.user
        }) {
            return AttachTarget(displayName: host.name, endpoint: endpoint, command: host.attachCommand, host: host)
        }
        let adHoc = Hosts.Host(name: "adhoc", hostname: endpoint.host, port: endpoint.port, user: endpoint.user)
        return AttachTarget(displayName: endpoint.description, endpoint: endpoint,
                            command: adHoc.attachCommand, host: nil)
    }
}

/// A target that is neither a registry name nor an address.
public enum AttachTargetError: Error, CustomStringConvertible, Equatable {
    case unknown(String, known: [String])

    public var description: String {
        switch self {
        case .unknown(let text, let known):
            let list = known.isEmpty
                ? "No hosts are registered yet; add one with 'drover hosts add NAME --host ADDRESS' or pair with 'drover pair'."
                : "Known hosts: \(known.joined(separator: ", ")). Use one of them or user@host[:port]."
            return "no host named '\(text)'. \(list)"
        }
    }
}
