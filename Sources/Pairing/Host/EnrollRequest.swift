#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The two lines an enrolling client writes to the forced command: the device public key
/// (`ssh-ed25519 <base64>`) and the device name (1–64 printable characters).
public struct EnrollRequest: Equatable, Sendable {
    /// The key's base64 blob (the second field of the public line).
    public let publicKeyBase64: String
    /// The decoded blob: string "ssh-ed25519", string of 32 bytes.
    public let publicKeyBlob: [UInt8]
    public let deviceName: String

    /// The line as it is written to authorized_keys, without comment.
    public var publicLine: String { "ssh-ed25519 \(publicKeyBase64)" }

    /// Why the input was refused (the forced command answers INVALID).
    public enum Problem: Error, Equatable, Sendable {
        case notTwoLines, badKey, badName
    }

    /// Most bytes the enroll reads; anything longer is not two valid lines.
    public static let maximumInput = 1024

    /// Parses the enroll's standard input: two LF-terminated lines (the second LF optional, a CR
    /// before LF tolerated), nothing after.
    public static func parse(_ input: [UInt8]) throws(Problem) -> EnrollRequest {
        guard input.count <= maximumInput else { throw .notTwoLines }
        var rawLines = input.split(separator: 10, omittingEmptySubsequences: false)
        if rawLines.last?.isEmpty == true { rawLines.removeLast() }
        guard rawLines.count == 2 else { throw .notTwoLines }
        var lines: [String] = []
        for raw in rawLines {
            guard let line = String(validating: raw.last == 13 ? raw.dropLast() : raw, as: UTF8.self) else { throw .notTwoLines }
            lines.append(line)
        }
        let fields = lines[0].split(separator: " ", omittingEmptySubsequences: false)
        guard fields.count == 2 || fields.count == 3, fields[0] == "ssh-ed25519",
              let blob = Data(base64Encoded: String(fields[1])).map(Array.init), isEd25519Blob(blob) else { throw .badKey }
        guard PairingFieldRules.isDeviceName(lines[1]) else { throw .badName }
        return EnrollRequest(publicKeyBase64: String(fields[1]), publicKeyBlob: blob, deviceName: lines[1])
    }

    /// Whether at least two complete lines (or more than the maximum) have arrived.
    public static func isComplete(_ input: [UInt8]) -> Bool {
        input.count > maximumInput || input.filter { $0 == 10 }.count >= 2
    }

    static func isEd25519Blob(_ blob: [UInt8]) -> Bool {
        let type = Array("ssh-ed25519".utf8)
        return blob.count == 4 + type.count + 4 + 32
            && blob[0..<4] == [0, 0, 0, UInt8(type.count)] && Array(blob[4..<15]) == type
            && blob[15..<19] == [0, 0, 0, 32]
    }
}
