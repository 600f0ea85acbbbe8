import TextSafety

/// The validation rules of herdr pairing v1, shared by the link parser and the enroll side.
public enum PairingFieldRules {
    /// `id`: 16 bytes as canonical base64url (22 characters of `A-Z a-z 0-9 _ -`, the last
    /// one's unused bits zero).
    public static func isPairingID(_ text: String) -> Bool {
        Base64URL.decodeCanonical(text, count: 16) != nil
    }

    /// What `isSessionName` accepts, worded for an error message.
    public static let sessionNameRule = "a session name is 1 to 64 of A-Z a-z 0-9 . _ -, not starting with -, and not . or .."

    /// `n`: at most 64 characters, as the herdr app reads it (an empty name too). Drover shows
    /// it only through `PairingLink.shownComputerName`, which escapes control characters.
    public static func isComputerName(_ text: String) -> Bool {
        text.count <= 64
    }

    /// `u`: 1–64 characters, none of them a control or format character (Unicode categories
    /// Cc, Cf) or white space (Zs, Zl, Zp), as the herdr app reads it.
    public static func isUser(_ text: String) -> Bool {
        (1...64).contains(text.count) && !text.unicodeScalars.contains { scalar in
            switch scalar.properties.generalCategory {
            case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator: return true
            default: return false
            }
        }
    }

    /// One entry of `fp`: `SHA256:` and the canonical unpadded standard base64 of a 32-byte
    /// digest (43 characters, the last one's two unused bits zero).
    public static func isFingerprint(_ text: String) -> Bool {
        guard text.hasPrefix("SHA256:") else { return false }
        let values = text.utf8.dropFirst(7).map(standardBase64Value)
        guard values.count == 43, values.allSatisfy({ $0 != nil }), let last = values.last ?? nil else { return false }
        return last & 0b11 == 0
    }

    private static func standardBase64Value(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return byte - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return byte - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0") + 52
        case UInt8(ascii: "+"): return 62
        case UInt8(ascii: "/"): return 63
        default: return nil
        }
    }

    /// `s`, herdr's session-name rule: 1–64 of `A-Z a-z 0-9 . _ -`, and not `.` or `..`; a
    /// leading `-` is refused too, since herdr would read such a name as an option.
    public static func isSessionName(_ text: String) -> Bool {
        guard (1...64).contains(text.utf8.count), text != ".", text != "..", !text.hasPrefix("-") else { return false }
        return text.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
                return true
            default:
                return false
            }
        }
    }

    /// The enroll's second line: a device name of 1–64 printable characters.
    public static func isDeviceName(_ text: String) -> Bool {
        (1...64).contains(text.count) && !text.unicodeScalars.contains(where: isControl)
    }

    /// C0 controls, DEL, C1 controls, the line/paragraph separators, and the bidirectional
    /// controls that could make a shown name read differently from what it is.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool { SafeText.isUnsafe(scalar) }
}
