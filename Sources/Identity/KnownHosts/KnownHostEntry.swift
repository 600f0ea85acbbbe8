/// One pinned host key: a host and port (from one host name of a known_hosts line) and its key.
public struct KnownHostEntry: Sendable, Equatable, Hashable {
    /// The host as written in the file, lower case, without brackets (may be a `*`/`?` pattern
    /// in files edited by hand). For a hashed line listed without a host to match it is
    /// `KnownHostEntry.hashedHost` and the port is 0: the file does not say which host it is.
    public let host: String
    public let port: Int
    public let key: SSHPublicKey
    /// True when the line's host name is hashed (`|1|salt|hash`, as `ssh-keygen -H` writes).
    public let isHashed: Bool

    /// The host shown for a hashed line whose host is not known.
    public static let hashedHost = "(hashed)"

    public init(host: String, port: Int, key: SSHPublicKey, isHashed: Bool = false) {
        self.host = host
        self.port = port
        self.key = key
        self.isHashed = isHashed
    }

    /// The SSH key type, e.g. `ssh-ed25519`.
    public var keyType: String { key.type }
    /// `SHA256:...` as `ssh-keygen -lf` prints it.
    public var fingerprint: String { key.fingerprint }
    /// The host name as known_hosts writes it: `host` for port 22, else `[host]:port`;
    /// `(hashed)` for a hashed line whose host is not known.
    public var token: String {
        isHashed && host == Self.hashedHost ? host : HostName.token(host: host, port: port)
    }
}
