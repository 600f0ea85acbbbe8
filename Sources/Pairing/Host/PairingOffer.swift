#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hosts
import Identity

/// A freshly minted offer: the one-time key and the link that carries its seed.
public struct PairingOffer: Sendable {
    /// How long a code stands.
    public static let defaultLifetime: TimeInterval = 600

    public let link: PairingLink
    public let oneTimeKey: Ed25519KeyPair

    public var expiry: Date { Date(timeIntervalSince1970: TimeInterval(link.expiry)) }

    /// Mints a random id and seed and builds the link.
    public static func mint(computerName: String, user: String, platform: Platform,
                            addresses: [String], port: Int, hostKeyFingerprints: [String], session: String?,
                            lifetime: TimeInterval, now: Date) throws -> PairingOffer {
        var generator = SystemRandomNumberGenerator()
        let idBytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let seed = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let key = try Ed25519KeyPair(seed: Data(seed))
        let link = PairingLink(id: Base64URL.encode(idBytes), computerName: computerName, user: user,
                               platform: platform, addresses: addresses, port: port,
                               hostKeyFingerprints: hostKeyFingerprints, seed: seed,
                               expiry: Int64(now.timeIntervalSince1970.rounded(.down) + lifetime.rounded(.down)),
                               session: session)
        return PairingOffer(link: link, oneTimeKey: key)
    }

    /// The one-time public key's blob in base64, as it goes into authorized_keys.
    public var publicKeyBase64: String { oneTimeKey.publicKeyBlob.base64EncodedString() }
}
