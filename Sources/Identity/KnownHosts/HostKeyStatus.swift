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
    /// An `@revoked` line names this key for the host and port (or a pattern such as `*` that
    /// selects them): it must never be accepted, even when it is also pinned.
    case revoked
}
