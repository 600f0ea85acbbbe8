#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Identity

/// The standard host key policy over pinned keys (`KnownHosts`): a pinned match goes on; an
/// unknown key (nothing pinned, or only keys of other types) is shown to `ask` and pinned
/// only when it returns true; another key of a pinned type is a hard stop naming both
/// fingerprints and the `drover pins forget` command; a key named by an `@revoked` line is a
/// hard stop too, never asked about.
///
/// Before asking, a key Drover has not pinned is looked up in OpenSSH's own known_hosts
/// (`openSSH`, read only; ADR 0013): a key ssh already trusts for this host and port is pinned
/// with a one-line `note`, another key of that type there is a hard stop like a changed pin.
///
/// Use as `session.verifyHostKey(trust.verify)`, on a session connected with options from
/// `SSHOptions.preferringPins`, so a server with several keys presents the pinned type.
public struct HostKeyTrust {
    public let knownHosts: KnownHosts
    /// Shown an unknown key (see `UnknownHostKey.question`); true only when a person confirmed it.
    public let ask: (UnknownHostKey) -> Bool
    /// `~/.ssh/known_hosts`, never written; nil skips it (`--no-ssh-known-hosts`).
    public let openSSH: KnownHosts?
    /// Told in one line when a key was pinned because OpenSSH's file holds it.
    public let note: (String) -> Void
    /// False for a check that must change nothing (`ctrl+] o`'s quiet session listing): a key
    /// OpenSSH's file holds is accepted this once, not pinned, and nothing is noted.
    public let pinsOpenSSHMatch: Bool

    public init(knownHosts: KnownHosts, openSSH: KnownHosts? = nil, note: @escaping (String) -> Void = { _ in },
                pinsOpenSSHMatch: Bool = true, ask: @escaping (UnknownHostKey) -> Bool) {
        self.knownHosts = knownHosts
        self.openSSH = openSSH
        self.note = note
        self.pinsOpenSSHMatch = pinsOpenSSHMatch
        self.ask = ask
    }

    /// OpenSSH's known_hosts for `home` (`HOME`), when the person has not turned it off.
    public static func openSSHKnownHosts(home: String?, enabled: Bool) -> KnownHosts? {
        guard enabled, let home, !home.isEmpty else { return nil }
        return KnownHosts(path: home + "/.ssh/known_hosts")
    }

    /// Passes for a pinned key; asks about an unknown one and pins it on yes; throws
    /// `hostKeyRevoked`, `hostKeyChanged` or `hostKeyNotTrusted` otherwise.
    public func verify(_ key: PresentedHostKey) throws {
        let otherPins: [SSHPublicKey]
        switch try knownHosts.lookup(host: key.host, port: key.port, keyType: key.keyType, blob: Data(key.blob)) {
        case .match:
            return
        case .revoked:
            throw SSHError.hostKeyRevoked(host: key.host, port: key.port, keyType: key.keyType,
                                          fingerprint: key.fingerprint, file: knownHosts.path)
        case .changed(let pinned):
            throw SSHError.hostKeyChanged(host: key.host, port: key.port, keyType: key.keyType,
                                          pinned: pinned.joined(separator: ", "), presented: key.fingerprint)
        case .unknown:
            otherPins = []
        case .otherTypesPinned(let pinned):
            otherPins = pinned
        }
        if try trustedByOpenSSH(key) {
            guard pinsOpenSSHMatch else { return }
            try knownHosts.add(host: key.host, port: key.port, keyType: key.keyType, blob: Data(key.blob))
            let target = SSHEndpoint.hostAndPort(host: key.host, port: key.port)
            return note("Pinned \(key.keyType) \(key.fingerprint) for \(target): ~/.ssh/known_hosts already trusts it.")
        }
        guard ask(UnknownHostKey(key: key, otherPins: otherPins)) else {
            throw SSHError.hostKeyNotTrusted(host: key.host, port: key.port, fingerprint: key.fingerprint)
        }
        try knownHosts.add(host: key.host, port: key.port, keyType: key.keyType, blob: Data(key.blob))
    }

    /// True when OpenSSH's file pins exactly this key; false when it knows nothing of this
    /// type. Throws for a revoked key or another key of this type (a changed host key).
    private func trustedByOpenSSH(_ key: PresentedHostKey) throws -> Bool {
        // A file Drover cannot read safely (or at all) knows nothing: the person is asked.
        guard let openSSH,
              let status = try? openSSH.lookup(host: key.host, port: key.port, keyType: key.keyType, blob: Data(key.blob))
        else { return false }
        switch status {
        case .match:
            return true
        case .revoked:
            throw SSHError.hostKeyRevoked(host: key.host, port: key.port, keyType: key.keyType,
                                          fingerprint: key.fingerprint, file: openSSH.path)
        case .changed(let pinned):
            throw SSHError.openSSHHostKeyChanged(host: key.host, port: key.port, keyType: key.keyType, file: openSSH.path,
                                                 pinned: pinned.joined(separator: ", "), presented: key.fingerprint)
        case .unknown, .otherTypesPinned:
            return false
        }
    }

    /// Asks `unknown.question` through `ask` (which shows a text and returns the typed line, nil
    /// at end of input) until the answer decides: true for `yes` or the key's fingerprint.
    /// Other answers, Enter alone included, ask again with a short hint.
    public static func confirm(_ unknown: UnknownHostKey, ask: (String) -> String?) -> Bool {
        var text = unknown.question
        while true {
            switch TrustAnswer(judging: ask(text), fingerprint: unknown.key.fingerprint) {
            case .trust: return true
            case .refuse: return false
            case .askAgain(let hint): text = hint + " "
            }
        }
    }
}
