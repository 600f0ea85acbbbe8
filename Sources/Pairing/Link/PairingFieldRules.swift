import TextSafety

/// The validation rules of herdr pairing v1, shared by the link parser and the enroll side.
public enum PairingFieldRules {
    /// `id`: 22 characters of `A-Z a-z 0-9 _ -` (16 random bytes, base64url).
    public static func isPairingID(_ text: String) -> Bool {
        text.utf8.count == 22 && text.utf8.allSatisfy(Base64URL.isAlphabet)
    }

    /// What `isSessionName` accepts, worded for an error message.
    public static let sessionNameRule = "a session name is 1 to 64 of A-Z a-z 0-9 . _ -, not starting with -, and not . or .."

    /// `n`: 1–64 characters, no control characters (it is shown on a terminal).
    public static func isComputerName(_ text: String) -> Bool {
        (1...64).contains(text.count) && !text.unicodeScalars.contains(where: isControl)
    }

    /// `u`: 1–64 characters, no whitespace or control characters.
    public static func isUser(_ text: String) -> Bool {
        (1...64).contains(text.count) && UserNameCharacters.allAllowed(text)
    }

    /// One entry of `h`: a host name or address, no whitespace or control characters, not
    /// starting with `-`, at most 255 bytes.
    public static func isAddress(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 255 && !text.hasPrefix("-")
            && !text.unicodeScalars.contains { isControl($0) || $0.properties.isWhitespace }
    }

    /// One entry of `fp`: `SHA256:` followed by 43 characters of standard base64.
    public static func isFingerprint(_ text: String) -> Bool {
        guard text.hasPrefix("SHA256:") else { return false }
        let body = text.utf8.dropFirst(7)
        return body.count == 43 && body.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "/"):
                return true
            default:
                return false
            }
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
