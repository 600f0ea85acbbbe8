#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Identity
import SSH

/// Trust in the computer a pairing code names: the code's fingerprints vouch for its host key,
/// existing pins may only agree, and after approval the key becomes a pin.
struct PairingTrust {
    let link: PairingLink
    let knownHosts: KnownHosts

    /// The code's fingerprints, then the pins: a different pin of the same type stops before the
    /// one-time key is used. Pins of other types only do not: the code vouches for this key.
    func check(_ key: PresentedHostKey, address: String) throws {
        guard link.hostKeyFingerprints.contains(key.fingerprint) else {
            throw PairingClientError.hostKeyMismatch(address: address, presented: key.fingerprint,
                                                     expected: link.hostKeyFingerprints)
        }
        switch try knownHosts.lookup(host: address, port: link.port, keyType: key.keyType, blob: Data(key.blob)) {
        case .changed(let pinned):
            throw PairingClientError.pinConflict(address: address, port: link.port, pinned: pinned)
        case .revoked:
            throw SSHError.hostKeyRevoked(host: address, port: link.port, keyType: key.keyType,
                                          fingerprint: key.fingerprint, file: knownHosts.path)
        case .match, .unknown, .otherTypesPinned:
            return
        }
    }

    /// Pins the key `session` presented for `address` (after the computer approved).
    func pin(_ session: SSHSession, address: String) throws {
        try knownHosts.add(host: address, port: link.port, keyType: session.hostKey.keyType,
                           blob: Data(session.hostKey.blob))
    }
}
