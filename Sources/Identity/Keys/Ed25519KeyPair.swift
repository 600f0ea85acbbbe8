import COpenSSL
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An Ed25519 key pair held as its 32-byte seed and 32-byte public key (libcrypto does the math).
///
/// `description` never shows the seed, so a key pair can be logged or interpolated safely.
public struct Ed25519KeyPair: Sendable, Equatable, CustomStringConvertible {
    /// The SSH name of the key type.
    public static let keyType = "ssh-ed25519"

    /// The 32-byte public key.
    public let publicKey: Data
    /// The 32-byte private seed. Internal: only the private key file format reads it.
    let seed: Data

    /// A fresh random key pair (libcrypto's EVP_PKEY_keygen with the system CSPRNG).
    public init() throws {
        guard let ctx = EVP_PKEY_CTX_new_id(EVP_PKEY_ED25519, nil) else {
            throw KeyError.crypto("creating an Ed25519 key context")
        }
        defer { EVP_PKEY_CTX_free(ctx) }
        guard EVP_PKEY_keygen_init(ctx) == 1 else { throw KeyError.crypto("starting key generation") }
        var pkey: OpaquePointer?
        guard EVP_PKEY_keygen(ctx, &pkey) == 1, let pkey else { throw KeyError.crypto("generating a key") }
        defer { EVP_PKEY_free(pkey) }
        seed = try Self.rawKey(pkey, EVP_PKEY_get_raw_private_key, "reading the private key")
        publicKey = try Self.rawKey(pkey, EVP_PKEY_get_raw_public_key, "reading the public key")
    }

    /// The key pair whose private seed is `seed` (exactly 32 bytes). Deterministic: pairing
    /// derives a one-time key from the seed in a pairing code.
    public init(seed: Data) throws {
        guard seed.count == 32 else { throw KeyError.badSeedLength(seed.count) }
        let pkey = try Self.privateKey(seed)
        defer { EVP_PKEY_free(pkey) }
        self.seed = Data(seed)
        publicKey = try Self.rawKey(pkey, EVP_PKEY_get_raw_public_key, "reading the public key")
    }

    /// The SSH public key blob: string "ssh-ed25519", string key.
    public var publicKeyBlob: Data {
        var w = SSHWireWriter()
        w.string(Self.keyType)
        w.string(publicKey)
        return w.data
    }

    /// The public key as an `SSHPublicKey` value.
    public var sshPublicKey: SSHPublicKey { SSHPublicKey(type: Self.keyType, blob: publicKeyBlob) }

    /// `ssh-ed25519 <base64 blob> <comment>` (no comment part when `comment` is empty).
    public func publicLine(comment: String) -> String {
        SSHPublicKey(type: Self.keyType, blob: publicKeyBlob, comment: comment).line
    }

    /// `SHA256:...` as `ssh-keygen -lf` prints it.
    public var fingerprint: String { Fingerprint.sha256(ofBlob: publicKeyBlob) }

    /// An Ed25519 signature (64 bytes) of `message`.
    public func sign(_ message: Data) throws -> Data {
        let pkey = try Self.privateKey(seed)
        defer { EVP_PKEY_free(pkey) }
        guard let md = EVP_MD_CTX_new() else { throw KeyError.crypto("creating a signing context") }
        defer { EVP_MD_CTX_free(md) }
        guard EVP_DigestSignInit(md, nil, nil, nil, pkey) == 1 else { throw KeyError.crypto("starting a signature") }
        var signature = [UInt8](repeating: 0, count: 64)
        var length = signature.count
        let ok = message.withUnsafeBytes { msg in
            EVP_DigestSign(md, &signature, &length, msg.bindMemory(to: UInt8.self).baseAddress, msg.count)
        }
        guard ok == 1 else { throw KeyError.crypto("signing") }
        return Data(signature.prefix(length))
    }

    /// True when `signature` is a valid Ed25519 signature of `message` by `publicKey`.
    public static func verify(signature: Data, of message: Data, publicKey: Data) -> Bool {
        let pkey = publicKey.withUnsafeBytes {
            EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, nil, $0.bindMemory(to: UInt8.self).baseAddress, $0.count)
        }
        guard let pkey else { return false }
        defer { EVP_PKEY_free(pkey) }
        guard let md = EVP_MD_CTX_new() else { return false }
        defer { EVP_MD_CTX_free(md) }
        guard EVP_DigestVerifyInit(md, nil, nil, nil, pkey) == 1 else { return false }
        let sig = Array(signature), msg = Array(message)
        return EVP_DigestVerify(md, sig, sig.count, msg, msg.count) == 1
    }

    public var description: String { "Ed25519KeyPair(\(fingerprint))" }

    // MARK: libcrypto plumbing

    private static func privateKey(_ seed: Data) throws -> OpaquePointer {
        let pkey = seed.withUnsafeBytes {
            EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, nil, $0.bindMemory(to: UInt8.self).baseAddress, $0.count)
        }
        guard let pkey else { throw KeyError.crypto("loading the private key") }
        return pkey
    }

    private typealias RawGetter = (OpaquePointer?, UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<Int>?) -> Int32

    private static func rawKey(_ pkey: OpaquePointer, _ getter: RawGetter, _ what: String) throws -> Data {
        var bytes = [UInt8](repeating: 0, count: 32)
        var length = bytes.count
        guard getter(pkey, &bytes, &length) == 1, length == 32 else { throw KeyError.crypto(what) }
        defer { bytes.withUnsafeMutableBytes { OPENSSL_cleanse($0.baseAddress, $0.count) } }
        return Data(bytes)
    }
}
