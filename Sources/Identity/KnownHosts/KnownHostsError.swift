/// A pin that cannot be added or a known_hosts file that cannot be used.
public enum KnownHostsError: Error, CustomStringConvertible, Equatable, Sendable {
    /// `add` was asked to pin a key while a different one is pinned for the same host and port.
    case conflictingPin(host: String, port: Int, pinned: [String])
    /// A host name that cannot be written into known_hosts (empty, spaces, commas, wildcards).
    case invalidHost(String)
    /// A port outside 1...65535.
    case invalidPort(Int)
    /// `add` was asked to pin a key that an `@revoked` line names for the host and port.
    case revokedKey(host: String, port: Int, fingerprint: String, file: String)

    public var description: String {
        switch self {
        case .conflictingPin(let host, let port, let pinned):
            let name = HostName.token(host: host, port: port)
            return "\(name) already has a different pinned key (\(pinned.joined(separator: ", "))), so Drover will not add another. If the host's key really changed, run 'drover pins forget \(name)' first."
        case .invalidHost(let host):
            return "'\(host)' cannot be pinned: a host name must not be empty or contain spaces, commas, brackets or wildcards. Check the host's address."
        case .invalidPort(let port):
            return "port \(port) cannot be pinned: a port is a number from 1 to 65535. Check the host's port."
        case .revokedKey(let host, let port, let fingerprint, let file):
            let name = HostName.token(host: host, port: port)
            return "the key \(fingerprint) of \(name) was revoked in \(file), so Drover will not pin it. Ask the host's owner for its new key."
        }
    }
}
