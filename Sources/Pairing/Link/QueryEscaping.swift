import TextSafety

/// Percent-escaping for the query of a `herdr://pair` link (RFC 3986).
///
/// Writing keeps the unreserved characters plus `,` and `:` and escapes every other byte of
/// the UTF-8 text as `%XX` (a space is `%20`, never `+`). Reading turns `%XX` back into bytes
/// and leaves everything else, `+` included, as it is.
enum QueryEscaping {
    /// `text` with every byte outside `A-Z a-z 0-9 - . _ ~ , :` written as `%XX`.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if isKept(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "%"
                out.unicodeScalars.append(hexDigit(byte >> 4))
                out.unicodeScalars.append(hexDigit(byte & 0x0F))
            }
        }
        return out
    }

    /// Why an escaped component could not be read.
    enum DecodeFailure: Error, Equatable {
        case badEscape
        case notUTF8
    }

    /// The text `component` stands for: `%XX` decoded, `+` kept as a plus.
    static func unescape<S: Collection>(_ component: S) throws(DecodeFailure) -> String where S.Element == UInt8 {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(component.count)
        var index = component.startIndex
        while index != component.endIndex {
            let byte = component[index]
            index = component.index(after: index)
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard index != component.endIndex, let high = HexDigits.value(component[index]) else { throw .badEscape }
            index = component.index(after: index)
            guard index != component.endIndex, let low = HexDigits.value(component[index]) else { throw .badEscape }
            index = component.index(after: index)
            bytes.append(high << 4 | low)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .notUTF8 }
        return text
    }

    private static func isKept(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"),
             UInt8(ascii: ","), UInt8(ascii: ":"):
            return true
        default:
            return false
        }
    }

    private static func hexDigit(_ nibble: UInt8) -> Unicode.Scalar {
        Unicode.Scalar(nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "A") + nibble - 10)
    }
}
