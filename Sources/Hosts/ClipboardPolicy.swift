/// Whether a host's programs may set the local clipboard (OSC 52 writes). Reads are never
/// answered either way (ADR 0011).
public enum ClipboardPolicy: String, Codable, Sendable, CaseIterable {
    /// Checked writes reach the local terminal while the host is in front (the default).
    case write
    /// Writes are dropped.
    case off

    /// `write` or `off`, with advice for anything else.
    public static func parse(_ text: String, option: String = "--clipboard") throws -> ClipboardPolicy {
        guard let policy = ClipboardPolicy(rawValue: text.lowercased()) else {
            throw ClipboardPolicyError(text: text, option: option)
        }
        return policy
    }
}

/// `--paste-images on|off` (ADR 0016): whether pasted picture files and `ctrl+] v` upload.
public enum PasteImagesSetting {
    /// true for `on`, false for `off`, with advice for anything else.
    public static func parse(_ text: String) throws -> Bool {
        switch text.lowercased() {
        case "on": return true
        case "off": return false
        default: throw ClipboardPolicyError(text: text, option: "--paste-images", choices: "on or off")
        }
    }
}

public struct ClipboardPolicyError: Error, CustomStringConvertible, Equatable {
    public let text: String
    public let option: String
    public var choices = "write or off"
    public var description: String { "\(option) takes \(choices), not '\(text)'" }
}
