/// Whole UTF-8 characters decoded in one step each: text in other scripts (CJK, emoji, box
/// drawing, accented Latin) is two to four bytes a character, and feeding those bytes one at a
/// time through the parser's state machine and `UTF8Decoder` cost more than printing them.
enum UTF8Run {
    /// The character that starts at `i` (a lead byte 0xC2-0xF4), as `scalar << 3 | length`, when
    /// all of its bytes are in `i..<end`, it is well-formed, and it is not a C1 control; else 0,
    /// and the caller takes the byte-at-a-time path, which decides the same way (`UTF8Decoder`:
    /// no overlong forms, surrogates or values above U+10FFFF) and handles what is left.
    @inline(always)
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

    /// `decode` for a character whose four bytes from `i` are all readable, given as one
    /// little-endian word: one load, and a mask test per length instead of a load and range
    /// checks per byte (the same answers: a too-small value is an overlong form or a C1
    /// control, and surrogates and values past U+10FFFF are refused as there).
    @inline(always)
    static func decode(word w: UInt32) -> UInt32 {
        if w & 0xC0E0 == 0x80C0 {
            let scalar = (w & 0x1F) << 6 | (w >> 8 & 0x3F)
            return scalar < 0xA0 ? 0 : scalar << 3 | 2
        }
        if w & 0xC0_C0F0 == 0x80_80E0 {
            // The lead's low nibble and the second byte's 0x20 bit: both clear is an overlong
            // form (below U+0800), ED with the bit set a surrogate (U+D800-U+DFFF).
            let k = w & 0x200F
            guard k != 0 && k != 0x200D else { return 0 }
            return ((w & 0x0F) << 12 | (w >> 2 & 0xFC0) | (w >> 16 & 0x3F)) << 3 | 3
        }
        if w & 0xC0C0_C0F8 == 0x8080_80F0 {
            let scalar = (w & 0x07) << 18 | (w << 4 & 0x3_F000) | (w >> 10 & 0xFC0) | (w >> 24 & 0x3F)
            return scalar &- 0x1_0000 < 0x10_0000 ? scalar << 3 | 4 : 0
        }
        return 0
    }
}
