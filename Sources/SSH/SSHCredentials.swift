import Identity

/// A private key held in memory: openssh-key-v1 text (`-----BEGIN OPENSSH PRIVATE KEY-----`)
/// and, optionally, its public line. The text is a secret: never print it.
public struct SSHPrivateKey: Sendable {
    public let privateKeyText: String
    /// `ssh-ed25519 AAAA… comment`; when nil libssh2 derives the public key from the private one.
    public let publicKeyLine: String?
    /// How the key is named in errors ("device key").
    public let label: String

    public init(privateKeyText: String, publicKeyLine: String?, label: String) {
        self.privateKeyText = privateKeyText
        self.publicKeyLine = publicKeyLine
        self.label = label
    }
}

/// One question from the server during password or keyboard-interactive login.
public struct SSHAuthPrompt: Sendable, Equatable {
    /// What to show, e.g. `root@host's password: ` or the server's own `Password: `.
    public let text: String
    /// False for secrets: the answer must not be shown while typed.
    public let echo: Bool
    /// Any instruction the server sent with the question (may be empty).
    public let instruction: String
    /// Which try this is at the same login (1 first; 2 and 3 after a refused answer), so a
    /// kept answer is offered only once and the person is told the last one was refused.
    public let attempt: Int
    /// Set when Drover itself asks for the passphrase of this identity file (not the server).
    public let keyFile: String?
    /// The jump host that asks (its name as the host's `--jump` gives it); nil for the target.
    /// Answers are kept and shown per asker, so a hop's password never goes to another server.
    public private(set) var jumpHost: String?

    public init(text: String, echo: Bool, instruction: String = "", attempt: Int = 1, keyFile: String? = nil,
                jumpHost: String? = nil) {
        self.text = text
        self.echo = echo
        self.instruction = instruction
        self.attempt = attempt
        self.keyFile = keyFile
        self.jumpHost = jumpHost
    }

    /// The same question, asked by the jump host `hop`.
    public func asked(byJumpHost hop: String) -> SSHAuthPrompt {
        var copy = self
        copy.jumpHost = hop
        return copy
    }
}

/// What `SSHSession.authenticate` may try: public keys in the order `PublicKeyCandidate.arrange`
/// gives (the remembered key, named identity files, the device key, the agent's keys, the
/// other files), then password and keyboard-interactive (only when `prompt` is set).
public struct SSHCredentials {
    public var privateKeys: [SSHPrivateKey]
    /// Identity files (`--identity`, else `~/.ssh/id_ed25519`, `id_ecdsa`, `id_rsa`); an
    /// encrypted one asks `prompt` for its passphrase.
    public var identityFiles: [PrivateKeyFile] = []
    /// The ssh-agent socket (`SSH_AUTH_SOCK`); nil skips the agent.
    public var agentSocketPath: String?
    /// Answers a server question; nil (or a nil answer) skips password and keyboard-interactive.
    public var prompt: ((SSHAuthPrompt) -> String?)?
    /// Which kinds of credential are tried, in this order (a kind left out is never tried).
    public var order: [Kind]
    /// How many answers to password or keyboard-interactive questions may be refused before
    /// giving up (ssh's NumberOfPasswordPrompts).
    public var promptTries = 3
    /// Offer only the identity files (through the agent when it holds them): ssh's IdentitiesOnly.
    public var identitiesOnly = false
    /// The host names its identity files (`--identity`), so they go before the device key.
    public var identityFilesFirst = false
    /// The fingerprint of the key that last logged in to this host: offered first.
    public var rememberedKey: String?
    /// Hears one-line notes (a security key skipped); nil drops them.
    public var note: ((String) -> Void)?

    /// A kind of credential.
    public enum Kind: Sendable, Equatable {
        case privateKeys, agent, identityFiles, prompt
    }

    public init(privateKeys: [SSHPrivateKey] = [], agentSocketPath: String? = nil,
                prompt: ((SSHAuthPrompt) -> String?)? = nil,
                order: [Kind] = [.privateKeys, .agent, .identityFiles, .prompt]) {
        self.privateKeys = privateKeys
        self.agentSocketPath = agentSocketPath
        self.prompt = prompt
        self.order = order
    }

    /// The device key, the agent named by `SSH_AUTH_SOCK` in `environment`, and `prompt`.
    public static func standard(deviceKey: SSHPrivateKey?, environment: [String: String],
                                prompt: ((SSHAuthPrompt) -> String?)? = nil) -> SSHCredentials {
        let agent = environment["SSH_AUTH_SOCK"].flatMap { $0.isEmpty ? nil : $0 }
        return SSHCredentials(privateKeys: deviceKey.map { [$0] } ?? [], agentSocketPath: agent, prompt: prompt)
    }
}

/// The method that logged in.
public enum SSHAuthMethod: Sendable, Equatable, CustomStringConvertible {
    /// The server let us in without credentials.
    case none
    case privateKey(label: String)
    case agent(comment: String)
    case password
    case keyboardInteractive

    public var description: String {
        switch self {
        case .none: return "no authentication"
        case .privateKey(let label): return label
        case .agent(let comment): return "ssh-agent key \(comment)"
        case .password: return "password"
        case .keyboardInteractive: return "keyboard-interactive"
        }
    }
}
