import Files
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An identity file (`~/.ssh/id_ed25519`, a host's `--identity FILE`) as read from disk: its
/// text for libssh2, and what its unencrypted header says (public key, whether a passphrase
/// protects it), so Drover can name the key and ask for the passphrase before libssh2 is
/// handed the file. The text is a secret: `description` shows only the path.
public struct PrivateKeyFile: Sendable, CustomStringConvertible {
    /// The path as the person wrote it (`~/.ssh/id_ed25519`), for messages.
    public let displayPath: String
    public let text: String
    /// The public key from the file's header (openssh-key-v1), or nil for PEM files.
    public let publicKey: SSHPublicKey?
    /// True when a passphrase protects the private part.
    public let isEncrypted: Bool
    /// An OpenSSH user certificate for this key (`FILE-cert.pub` beside it), offered before
    /// the plain key, as ssh does.
    public var certificate: SSHPublicKey?
    /// True when only the public key was found (`text` is empty): the ssh-agent must sign.
    public private(set) var isPublicKeyOnly = false

    /// Key files are small; anything larger is not a key.
    public static let sizeLimit = 64 << 10

    /// Reads `path` (a regular file of at most `sizeLimit` bytes); nil when it does not exist.
    /// Throws `FileError` or `KeyError` naming the file when it cannot be read or is no key.
    /// Like ssh, a file other users may read is refused (its key may be theirs already).
    /// A public key in place of the private one (`FILE` itself, or `FILE.pub` when `FILE` is
    /// missing) is loaded too, as ssh does: its key is offered only through the ssh-agent
    /// (a key that lives in an agent, a password manager or a token has no private file).
    public static func load(path: String, displayPath: String) throws -> PrivateKeyFile? {
        guard let data = try AtomicFile.readRegular(path, limit: sizeLimit) else {
            return publicLine(path + ".pub").map { publicOnly(displayPath: displayPath, key: $0) }
        }
        if let key = try? SSHPublicKey(line: String(decoding: data, as: UTF8.self)) {
            return publicOnly(displayPath: displayPath, key: key)
        }
        if let mode = AtomicFile.mode(of: path), mode & 0o077 != 0 {
            throw KeyError.readableByOthers(path: path, mode: String(mode, radix: 8))
        }
        let text = String(decoding: data, as: UTF8.self)
        var file: PrivateKeyFile
        if text.contains(OpenSSHPrivateKey.beginLine) {
            let header = try OpenSSHPrivateKey.header(text)
            file = PrivateKeyFile(displayPath: displayPath, text: text, publicKey: header.publicKey,
                                  isEncrypted: header.cipher != "none")
        } else {
            // PEM (PKCS#1, PKCS#8, SEC1): libssh2 reads these itself; encrypted ones say so. Its
            // public key, if any, is in FILE.pub (needed to find it in the agent).
            guard text.contains("-----BEGIN "), text.contains("PRIVATE KEY-----") else {
                throw KeyError.malformed("\(displayPath) holds no private key")
            }
            file = PrivateKeyFile(displayPath: displayPath, text: text, publicKey: publicLine(path + ".pub"),
                                  isEncrypted: text.contains("ENCRYPTED"))
        }
        file.certificate = publicLine(path + "-cert.pub").flatMap { $0.type.hasSuffix("-cert-v01@openssh.com") ? $0 : nil }
        return file
    }

    /// A file that holds only `key`, whose private part the ssh-agent must hold.
    private static func publicOnly(displayPath: String, key: SSHPublicKey) -> PrivateKeyFile {
        var file = PrivateKeyFile(displayPath: displayPath, text: "", publicKey: key, isEncrypted: false)
        file.isPublicKeyOnly = true
        return file
    }

    /// The public key line in `path`, if that file exists and holds one (public: no mode check).
    private static func publicLine(_ path: String) -> SSHPublicKey? {
        guard let data = try? AtomicFile.readRegular(path, limit: sizeLimit) else { return nil }
        return try? SSHPublicKey(line: String(decoding: data, as: UTF8.self))
    }

    public init(displayPath: String, text: String, publicKey: SSHPublicKey?, isEncrypted: Bool) {
        self.displayPath = displayPath
        self.text = text
        self.publicKey = publicKey
        self.isEncrypted = isEncrypted
    }

    /// The key type (`ssh-ed25519`, `ssh-rsa`…) when the header names it.
    public var keyType: String? { publicKey?.type }

    public var description: String { "PrivateKeyFile(\(displayPath), text: <redacted>)" }

    /// `path` with a leading `~/` replaced by `home`; other paths unchanged.
    public static func expand(_ path: String, home: String?) -> String {
        guard path == "~" || path.hasPrefix("~/"), let home, !home.isEmpty else { return path }
        return home + path.dropFirst()
    }

    /// The files ssh tries when none is named, modern keys first (RSA signs with rsa-sha2-512/256
    /// since libssh2 1.11; DSA, which OpenSSH no longer accepts, is left out).
    public static let defaultPaths = ["~/.ssh/id_ed25519", "~/.ssh/id_ecdsa", "~/.ssh/id_rsa"]
}

/// The unencrypted part of an openssh-key-v1 file: cipher, key derivation and public key.
public struct OpenSSHKeyHeader: Sendable, Equatable {
    public let cipher: String
    public let kdf: String
    public let publicKey: SSHPublicKey
}

extension OpenSSHPrivateKey {
    /// Reads the header of an openssh-key-v1 file of any key type, encrypted or not, without
    /// touching the private section.
    public static func header(_ text: String) throws -> OpenSSHKeyHeader {
        let data = try unarmour(text)
        guard data.starts(with: magic) else { throw KeyError.malformed("it does not start with openssh-key-v1") }
        var reader = SSHWireReader(data.dropFirst(magic.count))
        guard let cipher = reader.text(), let kdf = reader.text(), reader.string() != nil,
              let count = reader.uint32() else {
            throw KeyError.malformed("the header is truncated")
        }
        guard count == 1 else { throw KeyError.malformed("it holds \(count) keys instead of one") }
        guard let publicBlob = reader.string(), let type = PublicKeyBlob.typeName(publicBlob) else {
            throw KeyError.malformed("the public key is truncated")
        }
        return OpenSSHKeyHeader(cipher: cipher, kdf: kdf, publicKey: SSHPublicKey(type: type, blob: publicBlob))
    }
}

/// The type name at the start of a public key blob.
enum PublicKeyBlob {
    static func typeName(_ blob: Data) -> String? {
        var reader = SSHWireReader(blob)
        guard let type = reader.text(), !type.isEmpty, type.count <= 64 else { return nil }
        return type
    }
}
