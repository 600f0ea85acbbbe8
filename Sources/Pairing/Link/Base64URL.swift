/// Base64url (RFC 4648 §5) without padding, as the link's `id` and `k` fields carry bytes.
enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// `bytes` as base64url text without `=` padding.
    static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count * 4 + 2) / 3)
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            var group: UInt32 = 0
            for (offset, byte) in chunk.enumerated() { group |= UInt32(byte) << (16 - 8 * offset) }
            for position in 0...chunk.count {
                out.append(alphabet[Int(group >> (18 - 6 * position)) & 0x3F])
            }
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes of base64url `text` (padding optional), or nil when it is not base64url.
    static func decode(_ text: String) -> [UInt8]? {
        var chars = Array(text.utf8)
        while chars.last == UInt8(ascii: "=") { chars.removeLast() }
        if text.utf8.count != chars.count && text.utf8.count % 4 != 0 { return nil }
        guard chars.count % 4 != 1 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(chars.count * 3 / 4)
        var buffer: UInt32 = 0
        var bits = 0
        for char in chars {
            guard let value = sixBits(char) else { return nil }
            buffer = (buffer << 6) | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8((buffer >> UInt32(bits)) & 0xFF))
            }
        }
        return out
    }

    /// The `count` bytes that `text` is the canonical spelling of: unpadded base64url whose
    /// unused last bits are zero, so exactly one text stands for each value (the herdr app's
    /// rule for `id` and `k`). Nil for anything else, padding included.
    static func decodeCanonical(_ text: String, count: Int) -> [UInt8]? {
        guard !text.utf8.contains(UInt8(ascii: "=")), let bytes = decode(text), bytes.count == count,
              encode(bytes) == text else { return nil }
        return bytes
    }

    /// True when `byte` is in the base64url alphabet.
    static func isAlphabet(_ byte: UInt8) -> Bool { sixBits(byte) != nil }

    private static func sixBits(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return byte - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return byte - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0") + 52
        case UInt8(ascii: "-"): return 62
        case UInt8(ascii: "_"): return 63
        default: return nil
        }
    }
}
