/// One pinned host key: a host and port (from one host name of a known_hosts line) and its key.
public struct KnownHostEntry: Sendable, Equatable, Hashable {
    /// The host as written in the file, lower case, without brackets (may be a `*`/`?` pattern
    /// in files edited by hand).
    public let host: String
    public let port: Int
    public let key: SSHPublicKey

    public init(host: String, port: Int, key: SSHPublicKey) {
        self.host = host
        self.port = port
        self.key = key
    }

    /// The SSH key type, e.g. `ssh-ed25519`.
    public var keyType: String { key.type }
    /// `SHA256:...` as `ssh-keygen -lf` prints it.
    public var fingerprint: String { key.fingerprint }
    /// The host name as known_hosts writes it: `host` for port 22, else `[host]:port`.
    public var token: String { HostName.token(host: host, port: port) }
}

/// What the pins say about a host key a server presented.
public enum HostKeyStatus: Sendable, Equatable {
    /// This exact key is pinned for the host and port.
    case match
    /// Nothing is pinned for the host and port.
    case unknown
    /// Other keys are pinned for the host and port (their fingerprints). A pin of a different
    /// key type counts too: a server that suddenly offers another type is as suspicious as
    /// one that offers another key, and only `drover pins forget` clears it.
    case changed(pinned: [String])
}

/// A pin that cannot be added or a known_hosts file that cannot be used.
public enum KnownHostsError: Error, CustomStringConvertible, Equatable, Sendable {
    /// `add` was asked to pin a key while a different one is pinned for the same host and port.
    case conflictingPin(host: String, port: Int, pinned: [String])
    /// A host name that cannot be written into known_hosts (empty, spaces, commas, wildcards).
    case invalidHost(String)
    /// A port outside 1...65535.
    case invalidPort(Int)

    public var description: String {
        switch self {
        case .conflictingPin(let host, let port, let pinned):
            let name = HostName.token(host: host, port: port)
            return "\(name) already has a different pinned key (\(pinned.joined(separator: ", "))), so Drover will not add another. If the host's key really changed, run 'drover pins forget \(name)' first."
        case .invalidHost(let host):
            return "'\(host)' cannot be pinned: a host name must not be empty or contain spaces, commas, brackets or wildcards. Check the host's address."
        case .invalidPort(let port):
            return "port \(port) cannot be pinned: a port is a number from 1 to 65535. Check the host's port."
        }
    }
}
