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
