import COpenSSL

/// SHA-256 of arbitrary content (pasted pictures are named by it on the host, so the same
/// picture is stored once). Through libcrypto, which Identity already links.
public enum ContentDigest {
    /// The SHA-256 of `bytes` as 64 lowercase hex digits.
    public static func sha256Hex(_ bytes: [UInt8]) -> String {
        var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
        _ = SHA256(bytes, bytes.count, &digest)
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(digest.count * 2)
        for byte in digest {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
