import Identity

/// Which host key algorithms to offer, and in what order. A server with several host keys
/// presents the first type in our list that it has, so offering the pinned types first (as
/// OpenSSH's client does) makes it show the key we can compare, not another type that would
/// look new or changed.
extension SSHOptions {
    /// The types Drover accepts, most preferred first: Ed25519 (the key people compare), then
    /// ECDSA, then RSA keys verified with SHA-2 (rsa-sha2-512/256, as OpenSSH orders them).
    /// SHA-1 `ssh-rsa` and DSA only for a host that allows them (`SSHAlgorithms.legacy`).
    public static let defaultHostKeyAlgorithms = ["ssh-ed25519", "ecdsa-sha2-nistp256", "ecdsa-sha2-nistp384",
                                                  "ecdsa-sha2-nistp521", "rsa-sha2-512", "rsa-sha2-256"]

    /// `available` (default: `defaultHostKeyAlgorithms`) with the pinned types first, each
    /// group in that order. A pinned `ssh-rsa` key stands for the rsa-sha2 algorithms; types
    /// not in `available` are not added.
    public static func hostKeyAlgorithms(preferring pinnedTypes: [String],
                                         available: [String] = defaultHostKeyAlgorithms) -> [String] {
        let pinned = available.filter { algorithm in
            pinnedTypes.contains(algorithm) || (algorithm.hasPrefix("rsa-sha2-") && pinnedTypes.contains("ssh-rsa"))
        }
        return pinned + available.filter { !pinned.contains($0) }
    }

    /// These options with the host key algorithms ordered by the pins for `host` and `port`;
    /// with none in Drover's file, by the keys OpenSSH's `also` (~/.ssh/known_hosts) holds,
    /// so the server presents a key that can be compared. The weak types this host allows
    /// (`ssh-rsa`, `ssh-dss`) come after the modern ones unless pinned: a pinned `ssh-rsa` key
    /// of an old server is asked for as rsa-sha2 first, then as ssh-rsa, before any other type.
    /// Algorithms named explicitly (a key scan of one type) are kept as they are.
    public func preferringPins(in knownHosts: KnownHosts, also openSSH: KnownHosts? = nil,
                               host: String, port: Int) throws -> SSHOptions {
        guard hostKeyAlgorithms == nil else { return self }
        var types = try knownHosts.pinnedKeyTypes(host: host, port: port)
        if types.isEmpty, let openSSH { types = (try? openSSH.pinnedKeyTypes(host: host, port: port)) ?? [] }
        var options = self
        options.hostKeyAlgorithms = Self.hostKeyAlgorithms(preferring: types,
                                                           available: algorithms.proposal(.hostKey))
        return options
    }
}
