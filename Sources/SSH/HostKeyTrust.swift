import Foundation
import Identity

/// The standard host key policy over pinned keys (`KnownHosts`): a pinned match goes on; an
/// unknown key (nothing pinned, or only keys of other types) is shown to `ask` and pinned
/// only when it returns true; another key of a pinned type is a hard stop naming both
/// fingerprints and the `drover pins forget` command; a key named by an `@revoked` line is a
/// hard stop too, never asked about.
///
/// Use as `session.verifyHostKey(trust.verify)`, on a session connected with options from
/// `SSHOptions.preferringPins`, so a server with several keys presents the pinned type.
public struct HostKeyTrust {
    public let knownHosts: KnownHosts
    /// Shown an unknown key (see `UnknownHostKey.question`); true only when a person confirmed it.
    public let ask: (UnknownHostKey) -> Bool

    public init(knownHosts: KnownHosts, ask: @escaping (UnknownHostKey) -> Bool) {
        self.knownHosts = knownHosts
        self.ask = ask
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
        guard ask(UnknownHostKey(key: key, otherPins: otherPins)) else {
            throw SSHError.hostKeyNotTrusted(host: key.host, port: key.port, fingerprint: key.fingerprint)
        }
        try knownHosts.add(host: key.host, port: key.port, keyType: key.keyType, blob: Data(key.blob))
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
