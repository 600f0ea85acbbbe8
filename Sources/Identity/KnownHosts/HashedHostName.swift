import COpenSSL
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A host name hashed by `ssh-keygen -H` (or `HashKnownHosts yes`): `|1|salt|hash`, where both
/// parts are base64 and hash is HMAC-SHA1 keyed with the salt over the known_hosts token
/// (`host` for port 22, else `[host]:port`). The name itself cannot be read back; it can only
/// be checked against a candidate.
struct HashedHostName: Equatable {
    let salt: Data
    let hash: Data

    /// Parses `|1|salt|hash`; nil for anything else (other versions, bad base64, wrong sizes).
    init?(_ text: String) {
        let parts = text.split(separator: "|", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0].isEmpty, parts[1] == "1",
              let salt = Data(base64Encoded: String(parts[2])), let hash = Data(base64Encoded: String(parts[3])),
              salt.count == Self.sha1Length, hash.count == Self.sha1Length else {
            return nil
        }
        self.salt = salt
        self.hash = hash
    }

    /// True when this is the hash of `token` (as `HostName.token` writes it).
    func matches(token: String) -> Bool {
        guard let computed = Self.hmacSHA1(key: salt, data: Data(token.utf8)) else { return false }
        return computed == hash
    }

    private static let sha1Length = 20

    /// HMAC-SHA1 from libcrypto; nil only if libcrypto fails.
    static func hmacSHA1(key: Data, data: Data) -> Data? {
        var out = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length = 0
        let keyBytes = Array(key), dataBytes = Array(data)
        let result = EVP_Q_mac(nil, "HMAC", nil, "SHA1", nil, keyBytes, keyBytes.count,
                               dataBytes, dataBytes.count, &out, out.count, &length)
        guard result != nil, length == sha1Length else { return nil }
        return Data(out.prefix(length))
    }
}
