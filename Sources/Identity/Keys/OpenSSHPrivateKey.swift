#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The openssh-key-v1 private key file format (OpenSSH's PROTOCOL.key), unencrypted,
/// for Ed25519 keys: what `ssh-keygen -t ed25519 -N ''` writes and reads.
public enum OpenSSHPrivateKey {
    static let beginLine = "-----BEGIN OPENSSH PRIVATE KEY-----"
    static let endLine = "-----END OPENSSH PRIVATE KEY-----"
    static let magic = Data("openssh-key-v1".utf8) + Data([0])
    /// The cipher block size for "none"; the private section is padded to a multiple of it.
    static let blockSize = 8

    /// The file text for `keyPair` with `comment`: PEM armour, base64 in 70-column lines.
    /// The two check integers are equal and random (the system CSPRNG).
    public static func encode(_ keyPair: Ed25519KeyPair, comment: String) -> String {
        let checkInt = UInt32.random(in: .min ... .max)

        var secret = SSHWireWriter()
        secret.uint32(checkInt)
        secret.uint32(checkInt)
        secret.string(Ed25519KeyPair.keyType)
        secret.string(keyPair.publicKey)
        secret.string(keyPair.seed + keyPair.publicKey)
        secret.string(comment)
        var pad: UInt8 = 1
        while secret.data.count % blockSize != 0 {
            secret.raw(Data([pad]))
            pad += 1
        }

        var file = SSHWireWriter()
        file.raw(magic)
        file.string("none")
        file.string("none")
        file.string(Data())
        file.uint32(1)
        file.string(keyPair.publicKeyBlob)
        file.string(secret.data)

        let base64 = file.data.base64EncodedString()
        var lines = [beginLine]
        var rest = Substring(base64)
        while !rest.isEmpty {
            lines.append(String(rest.prefix(70)))
            rest = rest.dropFirst(70)
        }
        lines.append(endLine)
        return lines.joined(separator: "\n") + "\n"
    }

    /// Reads an unencrypted openssh-key-v1 Ed25519 key. Refuses encrypted and non-Ed25519 keys,
    /// damaged files (check integers, padding) and files whose public key does not match.
    public static func decode(_ text: String) throws -> (keyPair: Ed25519KeyPair, comment: String) {
        let data = try unarmour(text)
        guard data.starts(with: magic) else { throw KeyError.malformed("it does not start with openssh-key-v1") }
        var reader = SSHWireReader(data.dropFirst(magic.count))
        guard let cipher = reader.text(), let kdf = reader.text(), reader.string() != nil,
              let count = reader.uint32() else {
            throw KeyError.malformed("the header is truncated")
        }
        guard cipher == "none", kdf == "none" else { throw KeyError.encrypted(cipher: cipher) }
        guard count == 1 else { throw KeyError.malformed("it holds \(count) keys instead of one") }
        guard let publicBlob = reader.string(), let secretSection = reader.string(), reader.isAtEnd else {
            throw KeyError.malformed("the key sections are truncated")
        }
        var pub = SSHWireReader(publicBlob)
        guard let publicType = pub.text() else { throw KeyError.malformed("the public key is truncated") }
        guard publicType == Ed25519KeyPair.keyType else { throw KeyError.unsupportedKeyType(publicType) }
        return try decodeSecret(secretSection, publicBlob: publicBlob)
    }

    private static func decodeSecret(_ section: Data, publicBlob: Data) throws -> (keyPair: Ed25519KeyPair, comment: String) {
        guard section.count % blockSize == 0 else { throw KeyError.malformed("the private section is not padded") }
        var r = SSHWireReader(section)
        guard let check1 = r.uint32(), let check2 = r.uint32() else { throw KeyError.malformed("the private section is truncated") }
        guard check1 == check2 else { throw KeyError.checkIntegersDiffer }
        guard let type = r.text() else { throw KeyError.malformed("the private section is truncated") }
        guard type == Ed25519KeyPair.keyType else { throw KeyError.unsupportedKeyType(type) }
        guard let publicKey = r.string(), publicKey.count == 32,
              let privateKey = r.string(), privateKey.count == 64,
              let commentBytes = r.string() else {
            throw KeyError.malformed("the Ed25519 key fields are truncated or have the wrong length")
        }
        let padding = Array(r.rest())
        guard padding.count < blockSize, padding == (0..<padding.count).map({ UInt8($0 + 1) }) else {
            throw KeyError.malformed("the padding is wrong")
        }
        let keyPair = try Ed25519KeyPair(seed: privateKey.prefix(32))
        guard keyPair.publicKey == publicKey, Data(privateKey.suffix(32)) == publicKey,
              keyPair.publicKeyBlob == publicBlob else {
            throw KeyError.publicKeyMismatch
        }
        return (keyPair, String(decoding: commentBytes, as: UTF8.self))
    }

    /// The bytes between the BEGIN and END lines.
    static func unarmour(_ text: String) throws -> Data {
        // Trimmed with the stdlib's Character.isWhitespace (a line holds no newline by now), not
        // Foundation's CharacterSet, which pulls in more of libFoundation (ADR 0018).
        let lines = text.split(whereSeparator: \.isNewline).map { line -> String in
            var trimmed = line
            while trimmed.first?.isWhitespace == true { trimmed.removeFirst() }
            while trimmed.last?.isWhitespace == true { trimmed.removeLast() }
            return String(trimmed)
        }
        guard let begin = lines.firstIndex(of: beginLine) else {
            if lines.contains(where: { $0.hasPrefix("-----BEGIN ") && $0.contains("PRIVATE KEY") }) {
                throw KeyError.unsupportedKeyType("a PEM (PKCS#1/PKCS#8) key")
            }
            throw KeyError.malformed("the line \(beginLine) is missing")
        }
        guard let end = lines[begin...].firstIndex(of: endLine) else {
            throw KeyError.malformed("the line \(endLine) is missing")
        }
        guard let data = Data(base64Encoded: lines[(begin + 1)..<end].joined()) else {
            throw KeyError.malformed("the body is not valid base64")
        }
        return data
    }
}

extension Ed25519KeyPair {
    /// The openssh-key-v1 private key file text (unencrypted) for this key.
    public func openSSHPrivateKey(comment: String) -> String {
        OpenSSHPrivateKey.encode(self, comment: comment)
    }

    /// Reads an openssh-key-v1 private key file (see `OpenSSHPrivateKey.decode`).
    public init(openSSHPrivateKey text: String) throws {
        self = try OpenSSHPrivateKey.decode(text).keyPair
    }
}
