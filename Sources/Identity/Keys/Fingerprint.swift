import COpenSSL
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TextSafety

/// Key fingerprints in OpenSSH's notation.
public enum Fingerprint {
    /// `SHA256:` + unpadded base64 of the SHA-256 of the public key blob, exactly as
    /// `ssh-keygen -lf` prints it.
    public static func sha256(ofBlob blob: Data) -> String {
        var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
        let bytes = Array(blob)
        _ = SHA256(bytes, bytes.count, &digest)
        let base64 = Data(digest).base64EncodedString()
        return "SHA256:" + base64.replacingLiterally("=", with: "")
    }
}
