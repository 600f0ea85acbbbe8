/// What the pins say about a host key a server presented.
public enum HostKeyStatus: Sendable, Equatable {
    /// This exact key is pinned for the host and port.
    case match
    /// Nothing is pinned for the host and port.
    case unknown
    /// Only keys of other types are pinned for the host and port (listed). The server did not
    /// offer a pinned type (Drover offers pinned types first), so nothing can be compared: the
    /// key is new, as OpenSSH treats it, and is asked about naming the pins; it is not a change.
    case otherTypesPinned([SSHPublicKey])
    /// Another key of the presented type is pinned for the host and port (their
    /// fingerprints): the host's key changed, or someone is in between. Only
    /// `drover pins forget` clears it.
    case changed(pinned: [String])
    /// An `@revoked` line names this key for the host and port (or a pattern such as `*` that
    /// selects them): it must never be accepted, even when it is also pinned.
    case revoked
}
