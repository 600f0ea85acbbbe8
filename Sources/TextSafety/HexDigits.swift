/// The one hex decoder, for the escapes and dumps Drover reads: `%2F` in a pairing link or a
/// pasted `file:` URL, and the `«data PNGf…»` text macOS's clipboard tool prints. Both cases
/// of `a`-`f` are accepted, as every one of those writers may use either.
public enum HexDigits {
    /// The value of one hex digit, nil for any other byte.
    public static func value(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// The byte two digits spell (high nibble first), nil unless both are hex digits.
    public static func byte(_ high: UInt8, _ low: UInt8) -> UInt8? {
        guard let high = value(high), let low = value(low) else { return nil }
        return high << 4 | low
    }

    /// The bytes a run of digit pairs spells; nil for an odd count or any other byte.
    public static func decode<Digits: Collection>(_ digits: Digits) -> [UInt8]? where Digits.Element == UInt8 {
        guard digits.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        var index = digits.startIndex
        while index != digits.endIndex {
            let next = digits.index(after: index)
            guard let byte = byte(digits[index], digits[next]) else { return nil }
            bytes.append(byte)
            index = digits.index(after: next)
        }
        return bytes
    }
}
