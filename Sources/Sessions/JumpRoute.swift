import Hosts
import SSH

/// One jump host on the way to a target, resolved: a registry host's address, user and auth
/// order, or an address from the `--jump` list with the local user (as ssh's ProxyJump).
public struct JumpRoute: Equatable, Sendable {
    /// How messages name the hop: the registry name, or the address as written.
    public let name: String
    public let endpoint: SSHEndpoint
    /// The order credentials are tried in at this hop.
    public let auth: [AuthMethod]
    /// A registry hop's own identity files and `~/.ssh/known_hosts` setting (`HostEntry`'s).
    public let identity: [String]?
    public let sshKnownHosts: Bool?
    /// The registry entry when the hop is one (its `identitiesOnly`, remembered key and
    /// `--legacy-algorithms` apply).
    public let host: HostEntry?
    /// A registry hop's own `--legacy-algorithms` (an address hop has none).
    public var legacyAlgorithms: [String] { host?.legacyAlgorithms ?? [] }
    /// Whether the hop is a registry host (`name` is its registry name).
    public var isRegistered: Bool { host != nil }

    public init(name: String, endpoint: SSHEndpoint, auth: [AuthMethod] = AuthMethod.defaultOrder,
                identity: [String]? = nil, sshKnownHosts: Bool? = nil, host: HostEntry? = nil) {
        self.name = name
        self.endpoint = endpoint
        self.auth = auth
        self.identity = identity
        self.sshKnownHosts = sshKnownHosts
        self.host = host
    }

    /// The hops of `hops` in order: a hop without user or port that names a registry host is
    /// that host (its own jump hosts are not followed); anything else is an address, logged in
    /// to as `localUser` unless it names a user.
    public static func resolve(_ hops: [JumpHop], in hosts: [HostEntry], localUser: String) -> [JumpRoute] {
        hops.map { hop in
            if hop.mayBeName, let host = hosts.first(where: { $0.name == hop.host })
                ?? hosts.first(where: { $0.answers(to: hop.host) }) {
                return JumpRoute(name: host.name,
                                 endpoint: SSHEndpoint(host: host.hostname, port: host.port, user: host.user),
                                 auth: host.auth, identity: host.identity, sshKnownHosts: host.sshKnownHosts, host: host)
            }
            return JumpRoute(name: hop.description,
                             endpoint: SSHEndpoint(host: hop.host, port: hop.port ?? 22, user: hop.user ?? localUser))
        }
    }
}
