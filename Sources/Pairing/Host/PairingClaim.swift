#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LibC
import Identity

/// What the enroll recorded in `<id>.claim`: the device key, its name and the claim time.
public struct PairingClaim: Equatable, Sendable {
    public let publicKeyBase64: String
    public let deviceName: String
    public let time: Date
    /// `SHA256:` fingerprint of the device key, as the person at the computer compares it.
    public let fingerprint: String

    /// Reads the claim file's three lines; nil when they are not a valid claim.
    public init?(lines: [String]) {
        guard lines.count == 3, let seconds = Int64(lines[2]),
              let request = try? EnrollRequest.parse(Array((lines[0] + "\n" + lines[1] + "\n").utf8)) else { return nil }
        publicKeyBase64 = request.publicKeyBase64
        deviceName = request.deviceName
        time = Date(timeIntervalSince1970: TimeInterval(seconds))
        fingerprint = Fingerprint.sha256(ofBlob: Data(request.publicKeyBlob))
    }
}

/// The authorized_keys line for an approved device: `ssh-ed25519 <base64> drover:<name>:<date>`.
public enum DeviceKeyLine {
    public static func line(publicKeyBase64: String, deviceName: String, date: Date) -> String {
        "ssh-ed25519 \(publicKeyBase64) drover:\(deviceName):\(day(date))"
    }

    /// `YYYY-MM-DD` in UTC.
    static func day(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return formatted("%04d-%02d-%02d", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday)
    }
}
