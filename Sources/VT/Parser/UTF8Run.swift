/// Whole UTF-8 characters decoded in one step each: text in other scripts (CJK, emoji, box
/// drawing, accented Latin) is two to four bytes a character, and feeding those bytes one at a
/// time through the parser's state machine and `UTF8Decoder` cost more than printing them.
enum UTF8Run {
    /// The character that starts at `i` (a lead byte 0xC2-0xF4), as `scalar << 3 | length`, when
    /// all of its bytes are in `i..<end`, it is well-formed, and it is not a C1 control; else 0,
    /// and the caller takes the byte-at-a-time path, which decides the same way (`UTF8Decoder`:
    /// no overlong forms, surrogates or values above U+10FFFF) and handles what is left.
    @inline(__always)
    static func decode(_ bytes: UnsafePointer<UInt8>, at i: Int, end: Int) -> UInt32 {
        let b0 = UInt32(bytes[i])
        if b0 &- 0xC2 < 0x1E {
            guard i + 1 < end else { return 0 }
            let c1 = UInt32(bytes[i + 1]) &- 0x80
            guard c1 < 0x40 else { return 0 }
            let scalar = (b0 & 0x1F) << 6 | c1
            return scalar < 0xA0 ? 0 : scalar << 3 | 2   // U+0080-U+009F: C1 controls
        }
        if b0 &- 0xE0 < 0x10 {
            guard i + 2 < end else { return 0 }
            let c1 = UInt32(bytes[i + 1]), c2 = UInt32(bytes[i + 2]) &- 0x80
            let lower: UInt32 = b0 == 0xE0 ? 0xA0 : 0x80, upper: UInt32 = b0 == 0xED ? 0x9F : 0xBF
            guard c1 >= lower, c1 <= upper, c2 < 0x40 else { return 0 }
            return ((b0 & 0x0F) << 12 | (c1 & 0x3F) << 6 | c2) << 3 | 3
        }
        if b0 &- 0xF0 < 0x05 {
            guard i + 3 < end else { return 0 }
            let c1 = UInt32(bytes[i + 1]), c2 = UInt32(bytes[i + 2]) &- 0x80, c3 = UInt32(bytes[i + 3]) &- 0x80
            let lower: UInt32 = b0 == 0xF0 ? 0x90 : 0x80, upper: UInt32 = b0 == 0xF4 ? 0x8F : 0xBF
            guard c1 >= lower, c1 <= upper, c2 < 0x40, c3 < 0x40 else { return 0 }
            return ((b0 & 0x07) << 18 | (c1 & 0x3F) << 12 | c2 << 6 | c3) << 3 | 4
        }
        return 0
    }
}
