import CLibSSH2
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Identity

/// What the public keys did during one login, for the error when none logged in.
struct PublicKeyRecord {
    /// Every key offered, by label, in order.
    var tried: [String] = []
    /// Identity files not offered because their passphrase was not given.
    var unopened: [String] = []
    /// Identity files not offered because no passphrase typed for them opened them.
    var wrongPassphrase: [String] = []
}

extension SSHSession {
    /// Offers one key; true when it logged in (and `acceptedKeyFingerprint` is set). A file
    /// whose passphrase was not given (or never opened it) is recorded as unopened (or
    /// wrongPassphrase), not as tried. `early`: the
    /// session channel may be opened behind its signed login (ADR 0017).
    func offer(_ key: PublicKeyCandidate, agent: SSHAgentKeys?, credentials: SSHCredentials, early: Bool,
               record: inout PublicKeyRecord) throws -> Bool {
        let whileWaiting: (() throws -> Void)? = early ? { try self.openSessionChannelBehindSignedLogin() } : nil
        let accepted: Bool
        switch key {
        case .held(let privateKey):
            accepted = try authenticate(with: privateKey, whileWaiting: whileWaiting)
        case .agent(let identity, _):
            guard let agent else { return false }
            accepted = try agent.authenticate(identity, whileWaiting: whileWaiting)
        case .file(let file, let certificate):
            switch try authenticate(with: file, certificate: certificate, tries: credentials.promptTries,
                                    prompt: credentials.prompt, whileWaiting: whileWaiting) {
            case .accepted: accepted = true
            case .refused: accepted = false
            case .skipped:
                if !record.unopened.contains(file.displayPath) { record.unopened.append(file.displayPath) }
                return false
            case .wrongPassphrase:
                if !record.wrongPassphrase.contains(file.displayPath) { record.wrongPassphrase.append(file.displayPath) }
                return false
            }
        }
        if accepted {
            acceptedKeyFingerprint = key.fingerprint ?? acceptedKeyFingerprint
            return true
        }
        record.tried.append(key.label)
        return false
    }

    /// True when the key was accepted; false when refused; throws on connection trouble.
    private func authenticate(with key: SSHPrivateKey, whileWaiting: (() throws -> Void)?) throws -> Bool {
        let user = endpoint.user
        let publicLine = key.publicKeyLine ?? ""
        let rc = try call("public key login", timeout: options.operationTimeout, {
            libssh2_userauth_publickey_frommemory(raw, user, user.utf8.count, publicLine, publicLine.utf8.count,
                                                  key.privateKeyText, key.privateKeyText.utf8.count, nil)
        }, whileWaiting: whileWaiting)
        return try accepted(rc, operation: "public key login")
    }

    /// The keys to offer, in order (`PublicKeyCandidate.arrange`), security keys left out with
    /// a note each: libssh2 1.11.1 cannot sign with them; so is a public key file whose key
    /// the agent does not hold.
    static func publicKeys(_ credentials: SSHCredentials, agent: SSHAgentKeys?) -> [PublicKeyCandidate] {
        let held = credentials.order.contains(.agent) ? Set(agent?.identities.map(\.blob) ?? []) : []
        for file in credentials.identityFiles where file.isPublicKeyOnly && !held.contains(file.publicKey?.blob ?? Data()) {
            credentials.note?("\(file.displayPath) skipped: it is a public key, and no ssh-agent Drover may use holds its "
                              + "private key; add the key to your ssh-agent, or name the private key file instead")
        }
        return PublicKeyCandidate.arrange(held: credentials.privateKeys, agent: agent?.identities ?? [],
                                   files: credentials.identityFiles, order: credentials.order,
                                   identitiesOnly: credentials.identitiesOnly, filesFirst: credentials.identityFilesFirst,
                                   remembered: credentials.rememberedKey).filter { key in
            guard key.isSecurityKey else { return true }
            credentials.note?("\(key.label) skipped: it is a security key (\(key.keyType ?? "sk-")), which Drover's "
                              + "libssh2 \(VersionNumber.libssh2) cannot sign with; use another key for this host")
            return false
        }
    }
}
