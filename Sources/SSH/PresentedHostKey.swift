#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The host key a server presented during the handshake, shown to the trust decision
/// before anything else is sent.
public struct PresentedHostKey: Sendable, Equatable {
    /// The host as the caller named it (name or address), and the port.
    public let host: String
    public let port: Int
    /// The address that actually answered (for a host reached through a jump host or a
    /// ProxyCommand, the host and port as named: Drover's own socket reached something else).
    public let peer: PeerAddress
    /// What carried the connection when it was not Drover's own TCP socket ("the jump host
    /// bastion:2200", "a ProxyCommand"); nil for a direct connection. The trust question says
    /// it, as OpenSSH's names the address instead: a peer address of a tunnel is not this
    /// computer's (127.0.0.1 through a jump host is the jump host itself).
    public internal(set) var reachedThrough: String?
    /// The SSH key type name, e.g. `ssh-ed25519` or `ecdsa-sha2-nistp256`.
    public let keyType: String
    /// The raw public key blob (as in known_hosts, before base64).
    public let blob: [UInt8]
    /// `SHA256:` and the unpadded base64 of the blob's SHA-256, as `ssh-keygen -l` prints it.
    public let fingerprint: String

    public init(host: String, port: Int, peer: PeerAddress, keyType: String, blob: [UInt8], fingerprint: String) {
        self.host = host
        self.port = port
        self.peer = peer
        self.keyType = keyType
        self.blob = blob
        self.fingerprint = fingerprint
    }

    /// The blob in base64, as the key field of a known_hosts line.
    public var base64Blob: String { Data(blob).base64EncodedString() }

    /// `SHA256:` plus unpadded base64 of a 32-byte digest.
    public static func fingerprint(sha256 digest: [UInt8]) -> String {
        var text = Data(digest).base64EncodedString()
        while text.hasSuffix("=") { text.removeLast() }
        return "SHA256:" + text
    }

    /// The key type name stored at the start of an SSH public key blob (uint32 length + name).
    public static func keyTypeName(ofBlob blob: [UInt8]) -> String? {
        guard blob.count >= 4 else { return nil }
        let length = blob[0..<4].reduce(0) { $0 << 8 | Int($1) }
        guard length > 0, length <= 64, blob.count >= 4 + length else { return nil }
        let name = String(decoding: blob[4..<(4 + length)], as: UTF8.self)
        return name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-@.".contains($0)) }) ? name : nil
    }
}
