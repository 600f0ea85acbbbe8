import Identity

/// Which host key algorithms to offer, and in what order. A server with several host keys
/// presents the first type in our list that it has, so offering the pinned types first (as
/// OpenSSH's client does) makes it show the key we can compare, not another type that would
/// look new or changed.
extension SSHOptions {
    /// The types Drover accepts, most preferred first: Ed25519 (the key people compare), then
    /// ECDSA; never SHA-1 ssh-rsa or DSA.
    public static let defaultHostKeyAlgorithms = [
        "ssh-ed25519", "ecdsa-sha2-nistp256", "ecdsa-sha2-nistp384", "ecdsa-sha2-nistp521",
    ]

    /// `defaultHostKeyAlgorithms` with the pinned types first, each group in the default
    /// order. Pinned types Drover does not accept (ssh-rsa) are not added.
    public static func hostKeyAlgorithms(preferring pinnedTypes: [String]) -> [String] {
        let pinned = defaultHostKeyAlgorithms.filter { pinnedTypes.contains($0) }
        return pinned + defaultHostKeyAlgorithms.filter { !pinned.contains($0) }
    }

    /// These options with the host key algorithms ordered by the pins for `host` and `port`.
    /// Algorithms named explicitly (a key scan of one type) are kept as they are.
    public func preferringPins(in knownHosts: KnownHosts, host: String, port: Int) throws -> SSHOptions {
        guard hostKeyAlgorithms == nil else { return self }
        var options = self
        options.hostKeyAlgorithms = Self.hostKeyAlgorithms(preferring: try knownHosts.pinnedKeyTypes(host: host, port: port))
        return options
    }
}
