import Foundation
import Identity

/// The standard host key policy over pinned keys (`KnownHosts`): a pinned match goes on; an
/// unknown key is shown to `ask` and pinned only when it returns true; a changed key is a
/// hard stop naming both fingerprints and the `drover pins forget` command; a key named by an
/// `@revoked` line is a hard stop too, never asked about.
///
/// Use as `session.verifyHostKey(trust.verify)`.
public struct HostKeyTrust {
    public let knownHosts: KnownHosts
    /// Shown an unknown key (see `question(for:)`); true only when a person confirmed it.
    public let ask: (PresentedHostKey) -> Bool

    public init(knownHosts: KnownHosts, ask: @escaping (PresentedHostKey) -> Bool) {
        self.knownHosts = knownHosts
        self.ask = ask
    }

    /// Passes for a pinned key; asks about an unknown one and pins it on yes; throws
    /// `hostKeyRevoked`, `hostKeyChanged` or `hostKeyNotTrusted` otherwise.
    public func verify(_ key: PresentedHostKey) throws {
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
            guard ask(key) else {
                throw SSHError.hostKeyNotTrusted(host: key.host, port: key.port, fingerprint: key.fingerprint)
            }
            try knownHosts.add(host: key.host, port: key.port, keyType: key.keyType, blob: Data(key.blob))
        }
    }

    /// The text to show before asking: host, the address that answered, key type and
    /// fingerprint, ending in a request to type `yes`.
    public static func question(for key: PresentedHostKey) -> String {
        let target = SSHEndpoint.hostAndPort(host: key.host, port: key.port)
        let via = key.peer.address == key.host ? "" : " (\(key.peer.address))"
        let file = key.keyType.hasPrefix("ecdsa-") ? "ssh_host_ecdsa_key.pub" : "ssh_host_ed25519_key.pub"
        return """
            Drover has not seen \(target)\(via) before.
            Its \(key.keyType) host key fingerprint is \(key.fingerprint).
            Compare it with the fingerprint on that computer (ssh-keygen -lf /etc/ssh/\(file)).
            Type 'yes' to trust and pin this key, anything else to stop: 
            """
    }

    /// True only for the typed word `yes` (surrounding spaces ignored); Enter alone is no.
    public static func isYes(_ answer: String?) -> Bool {
        answer?.trimmingCharacters(in: .whitespaces).lowercased() == "yes"
    }
}
