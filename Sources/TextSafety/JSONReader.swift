/// The parser behind `JSONValue.parse`: RFC 8259 JSON, plus the trailing commas
/// `JSONSerialization` accepted, with its error messages and character positions (byte
/// offsets), so a message about a broken hosts.json reads as it did. Nesting stops at 512.
struct JSONReader {
    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// One value and nothing but white space after it.
    mutating func document() throws -> JSONValue {
        let value = try value()
        if (try? nextNonSpace()) != nil { throw Self.invalid(at: index) }
        return value
    }

    private static func invalid(at position: Int) -> JSONSyntaxError {
        JSONSyntaxError(text: "Invalid value around character \(position).")
    }

    private static let endOfFile = JSONSyntaxError(text: "Unexpected end of file during JSON parse.")

    /// Skips white space; the byte then in front (not consumed), or the end-of-file error.
    private mutating func nextNonSpace() throws -> UInt8 {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return bytes[index]
            }
        }
        throw Self.endOfFile
    }

    private mutating func value() throws -> JSONValue {
        let byte = try nextNonSpace()
        switch byte {
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "{"): return try container(close: UInt8(ascii: "}"))
        case UInt8(ascii: "["): return try container(close: UInt8(ascii: "]"))
        case UInt8(ascii: "t"): try word("true"); return .bool(true)
        case UInt8(ascii: "f"): try word("false"); return .bool(false)
        case UInt8(ascii: "n"): try word("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw Self.invalid(at: index)
        }
    }

    /// An object or an array; `index` is at its opening bracket.
    private mutating func container(close: UInt8) throws -> JSONValue {
        guard depth < 512 else {
            throw JSONSyntaxError(text: "Too many nested arrays or dictionaries around character \(index + 1).")
        }
        depth += 1
        defer { depth -= 1 }
        index += 1
        let isObject = close == UInt8(ascii: "}")
        var members: [String: JSONValue] = [:]
        var items: [JSONValue] = []
        if try nextNonSpace() == close {
            index += 1
            return isObject ? .object(members) : .array(items)
        }
        while true {
            if isObject {
                let byte = try nextNonSpace()
                guard byte == UInt8(ascii: "\"") else { throw Self.invalid(at: index) }
                let key = try string()
                let colon = try nextNonSpace()
                guard colon == UInt8(ascii: ":") else { throw Self.invalid(at: index) }
                index += 1
                members[key] = try value()
            } else {
                items.append(try value())
            }
            let next = try nextNonSpace()
            index += 1
            if next == close { return isObject ? .object(members) : .array(items) }
            guard next == UInt8(ascii: ",") else { throw Self.invalid(at: index - 1) }
            if try nextNonSpace() == close {
                index += 1
                return isObject ? .object(members) : .array(items)
            }
        }
    }

    /// `true`, `false` or `null`, spelled out.
    private mutating func word(_ text: StaticString) throws {
        let expected = UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
        for byte in expected {
            guard index < bytes.count else { throw Self.endOfFile }
            index += 1
            // As JSONSerialization read it: a wrong last byte of the document is its end.
            guard bytes[index - 1] == byte else { throw index == bytes.count ? Self.endOfFile : Self.invalid(at: index - 1) }
        }
    }

    /// A string; `index` is at its opening quote.
    private mutating func string() throws -> String {
        index += 1
        var out: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                guard let text = String(validating: out, as: UTF8.self) else {
                    throw JSONSyntaxError(text: "Invalid UTF-8 sequence \(out.count) bytes starting from character \(index - 1 - out.count).")
                }
                return text
            case 0...31:
                throw JSONSyntaxError(text: "Unescaped control character around character \(index).")
            case UInt8(ascii: "\\"):
                out += try escape()
            default:
                out.append(byte)
                index += 1
            }
        }
        throw Self.endOfFile
    }

    /// One escape's UTF-8 bytes; `index` is at its backslash.
    private mutating func escape() throws -> [UInt8] {
        let start = index
        index += 1
        guard index < bytes.count else { throw Self.endOfFile }
        let code = bytes[index]
        index += 1
        switch code {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return [code]
        case UInt8(ascii: "b"): return [0x08]
        case UInt8(ascii: "f"): return [0x0C]
        case UInt8(ascii: "n"): return [0x0A]
        case UInt8(ascii: "r"): return [0x0D]
        case UInt8(ascii: "t"): return [0x09]
        case UInt8(ascii: "u"):
            var value = UInt32(try hexQuad())
            if value & 0xFC00 == 0xD800 {
                guard index + 1 < bytes.count else { throw Self.endOfFile }
                guard bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else { throw Self.lowSurrogate }
                index += 2
                let low = UInt32(try hexQuad())
                guard low & 0xFC00 == 0xDC00 else { throw Self.lowSurrogate }
                value = (value - 0xD800) * 0x400 + (low - 0xDC00) + 0x10000
            }
            guard let scalar = Unicode.Scalar(value) else {
                throw JSONSyntaxError(text: "Unable to convert hex escape sequence (no high character) to UTF8-encoded character.")
            }
            return Array(String(Character(scalar)).utf8)
        default:
            throw JSONSyntaxError(text: "Invalid escape sequence around character \(start).")
        }
    }

    private static let lowSurrogate = JSONSyntaxError(
        text: "Unexpected end of file during string parse (expected low-surrogate code point but did not find one).")

    /// Four hex digits after `\u`.
    private mutating func hexQuad() throws -> UInt16 {
        guard index + 4 <= bytes.count else { throw Self.endOfFile }
        let digits = bytes[index..<index + 4]
        guard let value = HexDigits.decode(digits).map({ UInt16($0[0]) << 8 | UInt16($0[1]) }) else {
            throw JSONSyntaxError(text: "Invalid hex encoded sequence in \"\(String(decoding: digits, as: UTF8.self))\" at \(index).")
        }
        index += 4
        return value
    }

    /// A number: `-`, digits without a leading zero, an optional fraction and exponent.
    private mutating func number() throws -> JSONValue {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let isDigit = { (byte: UInt8) in (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        func digits() throws {
            guard index < bytes.count else { throw Self.endOfFile }
            guard isDigit(bytes[index]) else { throw Self.invalid(at: index) }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        let leadingZero = index < bytes.count && bytes[index] == UInt8(ascii: "0")
        try digits()
        if leadingZero, index - start > (bytes[start] == UInt8(ascii: "-") ? 2 : 1) {
            throw JSONSyntaxError(text: "Number with leading zero around character \(bytes[start] == UInt8(ascii: "-") ? start + 2 : start + 1).")
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            try digits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            try digits()
        }
        if index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"): break
            default: throw Self.invalid(at: index)
            }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw JSONSyntaxError(text: "Number \(text) is not representable in Swift.")
        }
        return .number(value, text: text)
    }
}
