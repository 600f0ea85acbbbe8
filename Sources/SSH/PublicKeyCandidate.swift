import Identity

/// One public key Drover may offer at login, from wherever it is held: a key Drover holds
/// itself (the device key), a key the ssh-agent holds (it signs), or an identity file (read,
/// with its passphrase if it has one), plain or as its OpenSSH certificate.
enum PublicKeyCandidate {
    case held(SSHPrivateKey)
    /// `file`: the identity file this agent key is (so it is offered as that file, signed by the agent).
    case agent(SSHAgentKeys.Identity, file: String?)
    case file(PrivateKeyFile, certificate: Bool)

    /// How messages name it: `device key`, `ssh-agent key ann@laptop`, `~/.ssh/id_ed25519`
    /// (`through ssh-agent` when the agent signs for the file), `… (certificate)`.
    var label: String {
        switch self {
        case .held(let key): return key.label
        case .agent(let identity, let file):
            let cert = identity.type.hasSuffix("-cert-v01@openssh.com") ? " (certificate)" : ""
            return file.map { "\($0)\(cert) through ssh-agent" } ?? "ssh-agent key \(identity.comment)\(cert)"
        case .file(let file, let certificate): return file.displayPath + (certificate ? " (certificate)" : "")
        }
    }

    /// The fingerprint of the public key (or certificate) offered, when known beforehand.
    var fingerprint: String? {
        switch self {
        case .held(let key): return key.publicKeyLine.flatMap { try? SSHPublicKey(line: $0) }?.fingerprint
        case .agent(let identity, _): return identity.fingerprint
        case .file(let file, let certificate): return (certificate ? file.certificate : file.publicKey)?.fingerprint
        }
    }

    /// The key type offered (`ssh-ed25519`, `sk-ssh-ed25519@openssh.com`, a `-cert-v01` type).
    var keyType: String? {
        switch self {
        case .held(let key): return key.publicKeyLine.flatMap { try? SSHPublicKey(line: $0) }?.type
        case .agent(let identity, _): return identity.type
        case .file(let file, let certificate): return (certificate ? file.certificate : file.publicKey)?.type
        }
    }

    /// Security keys (`sk-…`, FIDO): libssh2 1.11.1 cannot use them. Through the agent it keeps
    /// only the signature and drops the flags and counter the server checks; a file needs a
    /// FIDO library to sign. So they are skipped with a note instead of failing obscurely.
    var isSecurityKey: Bool { keyType?.hasPrefix("sk-") == true }

    /// The order keys are offered in (ADR 0013): the key that last logged in to this host
    /// first; then, when the host names its identity files, those (through the agent when it
    /// holds them); then by `order`: the device key, the agent's keys (those that are identity
    /// files first, in the agent's order, as ssh does), and the identity files the agent does
    /// not hold. `identitiesOnly` leaves out every key that is not an identity file. A kind
    /// left out of `order` is never offered; the remembered key only moves a key forward.
    static func arrange(held: [SSHPrivateKey], agent: [SSHAgentKeys.Identity], files: [PrivateKeyFile],
                        order: [SSHCredentials.Kind], identitiesOnly: Bool, filesFirst: Bool,
                        remembered: String?) -> [PublicKeyCandidate] {
        let useAgent = order.contains(.agent)
        func fileHeld(by identity: SSHAgentKeys.Identity) -> PrivateKeyFile? {
            files.first { $0.publicKey?.blob == identity.blob || $0.certificate?.blob == identity.blob }
        }
        let agentFiles = useAgent ? agent.compactMap { id in fileHeld(by: id).map { PublicKeyCandidate.agent(id, file: $0.displayPath) } } : []
        let otherAgent = useAgent && !identitiesOnly ? agent.filter { fileHeld(by: $0) == nil }.map { PublicKeyCandidate.agent($0, file: nil) } : []
        // A file of only a public key can be offered only by the agent.
        let filesLeft = files.filter { file in
            !file.isPublicKeyOnly && (!useAgent || !agent.contains { fileHeld(by: $0)?.displayPath == file.displayPath })
        }
            .flatMap { file in (file.certificate == nil ? [] : [PublicKeyCandidate.file(file, certificate: true)]) + [.file(file, certificate: false)] }
        let ownKeys = identitiesOnly ? [] : held.map(PublicKeyCandidate.held)
        var keys: [PublicKeyCandidate] = filesFirst && order.contains(.identityFiles) ? agentFiles + filesLeft : []
        for kind in order {
            switch kind {
            case .privateKeys: keys += ownKeys
            case .agent: keys += (filesFirst ? [] : agentFiles) + otherAgent
            case .identityFiles: keys += filesFirst ? [] : filesLeft
            case .prompt: break
            }
        }
        if let remembered, let index = keys.firstIndex(where: { $0.fingerprint == remembered }), index > 0 {
            keys.insert(keys.remove(at: index), at: 0)
        }
        return keys
    }
}
