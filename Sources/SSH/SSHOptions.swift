/// Timeouts for one connection, in seconds, which host key types to accept, and which weak
/// algorithms this host allows.
public struct SSHOptions: Sendable, Equatable {
    /// TCP connect, per resolved address (never past the handshake deadline).
    public var connectTimeout: Double
    /// The whole wait for a host key, counted from the start of `SSHSession.connect`: every
    /// address's TCP connect, the banner and the key exchange together. One budget, so a
    /// `--timeout N` means N seconds, not the sum of its steps.
    public var handshakeTimeout: Double
    /// Each later request that waits on the server (authentication, opening a channel, exec).
    public var operationTimeout: Double
    /// Host key algorithms in order of preference; nil means `defaultHostKeyAlgorithms`
    /// (ed25519, ECDSA, then RSA with SHA-2). `preferringPins` puts the pinned types first; naming one type
    /// reads that key of a server that serves several.
    public var hostKeyAlgorithms: [String]?
    /// Whether a host key Drover has not pinned yet may be taken from OpenSSH's
    /// `~/.ssh/known_hosts` (read only) instead of asking; `--no-ssh-known-hosts` turns it off.
    public var readsOpenSSHKnownHosts = true
    /// Weak algorithms proposed after the modern ones, for a host that needs them
    /// (`--legacy-algorithms`; ADR 0021). Empty: modern ones only.
    public var legacyAlgorithms: [String] = []

    /// The whole proposal: modern algorithms, then `legacyAlgorithms`.
    public var algorithms: SSHAlgorithms { SSHAlgorithms(legacy: legacyAlgorithms) }

    public init(connectTimeout: Double = 10, handshakeTimeout: Double = 15, operationTimeout: Double = 30,
                hostKeyAlgorithms: [String]? = nil) {
        self.connectTimeout = connectTimeout
        self.handshakeTimeout = handshakeTimeout
        self.operationTimeout = operationTimeout
        self.hostKeyAlgorithms = hostKeyAlgorithms
    }
}
