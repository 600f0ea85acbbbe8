#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TextSafety

/// An SSH public key of any type: its type name, its wire blob and an optional comment.
/// Reads and writes the one-line OpenSSH form `type base64 [comment]`.
public struct SSHPublicKey: Sendable, Equatable, Hashable {
    public let type: String
    public let blob: Data
    public let comment: String

    public init(type: String, blob: Data, comment: String = "") {
        self.type = type
        self.blob = blob
        self.comment = comment
    }

    /// Parses `type base64 [comment]`; the blob must name the same type as the line.
    public init(line: String) throws {
        let fields = line.trimmingWhitespaceAndNewlines()
            .split(maxSplits: 2, omittingEmptySubsequences: true) { $0 == " " || $0 == "\t" }
        guard fields.count >= 2 else { throw KeyError.malformedPublicKey("expected a key type and a base64 key") }
        try self.init(type: String(fields[0]), base64: String(fields[1]),
                      comment: fields.count > 2 ? String(fields[2]) : "")
    }

    /// A key from its type and base64 blob, checked as `init(line:)` checks it.
    public init(type: String, base64: String, comment: String = "") throws {
        guard let blob = Data(base64Encoded: base64) else {
            throw KeyError.malformedPublicKey("the key is not valid base64")
        }
        var reader = SSHWireReader(blob)
        guard let inner = reader.text() else { throw KeyError.malformedPublicKey("the key blob is truncated") }
        guard inner == type else {
            throw KeyError.malformedPublicKey("the line says \(type) but the key inside is \(inner)")
        }
        if type == Ed25519KeyPair.keyType {
            guard let key = reader.string(), key.count == 32, reader.isAtEnd else {
                throw KeyError.malformedPublicKey("an ssh-ed25519 key holds exactly 32 bytes")
            }
        }
        self.init(type: type, blob: blob, comment: comment)
    }

    /// The blob in base64, as it appears in public key lines and known_hosts.
    public var base64: String { blob.base64EncodedString() }

    /// `type base64 comment` (without the comment part when there is none).
    public var line: String {
        comment.isEmpty ? "\(type) \(base64)" : "\(type) \(base64) \(comment)"
    }

    /// `SHA256:...` as `ssh-keygen -lf` prints it.
    public var fingerprint: String { Fingerprint.sha256(ofBlob: blob) }
}
