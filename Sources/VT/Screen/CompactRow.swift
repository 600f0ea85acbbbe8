/// The byte form of one history row (ADR 0014). A grid row costs 8 bytes a cell whatever it
/// shows; most history rows are short text in one or two styles, so a row is stored as:
///
///     flags (1 byte: bit 0 = wrapped)
///     kept  (varint: cells stored; the rest of the width is `fill`)
///     fill  (4 bytes: the style of the dropped trailing blanks)
///     runs  until `kept` cells: style (4 bytes), length (2 bytes), then `length` contents (varints)
///
/// Trailing cells equal to the last cell, when that one is blank, are dropped; a run of cells
/// in one style stores the style once; a content (scalar plus wide/spacer/pad bits) is a
/// LEB128 varint, so ASCII costs one byte. Pure functions over raw memory: `Scrollback` owns
/// where the bytes live.
enum CompactRow {
    /// The most bytes `encode` writes for a row of `width` cells.
    static func maximumSize(width: Int) -> Int {
        // flags + kept + fill + per cell: a one-cell run (style 4, length 2, content 5), and 3
        // bytes past the last content for `writeVarint`'s 4-byte store.
        1 + 5 + 4 + width * 11 + 3
    }

    /// Writes `cells[0..<width]` to `out` (which has `maximumSize(width:)` bytes); returns the
    /// number of bytes written.
    static func encode(_ cells: UnsafePointer<StoredCell>, width: Int, wrapped: Bool,
                       into out: UnsafeMutablePointer<UInt8>) -> Int {
        var kept = width
        var fill: UInt32 = 0
        if width > 0 && cells[width - 1].content == 0 {
            let last = cells[width - 1]
            fill = last.style
            while kept > 0 && cells[kept - 1] == last { kept -= 1 }
        }
        var p = out
        p.pointee = wrapped ? 1 : 0
        p += 1
        p = writeVarint(UInt32(kept), p)
        p = writeWord(fill, p)
        // One pass: a run's length (2 bytes, so a run has at most 65,535 cells) is written
        // once the run ends. ASCII, the common content, is stored without the varint loop.
        var i = 0
        while i < kept {
            let style = cells[i].style
            p = writeWord(style, p)
            let lengthAt = p
            p += 2
            let start = i
            let limit = min(kept, i + 0xFFFF)
            // Eight cells at a time while they are all ASCII in this style: one vector test and
            // one 8-byte store instead of eight (the same bytes as the loop below writes). A
            // StoredCell is (content, style), so even lanes are contents and odd lanes styles.
            let expected = SIMD16<UInt32>(repeating: style).replacing(with: 0, where: evenLanes)
            while i + 8 <= limit {
                let lanes = UnsafeRawPointer(cells + i).loadUnaligned(as: SIMD16<UInt32>.self)
                if any((lanes & asciiMask) .!= expected) { break }
                UnsafeMutableRawPointer(p).storeBytes(of: SIMD8<UInt8>(truncatingIfNeeded: lanes.evenHalf),
                                                      as: SIMD8<UInt8>.self)
                p += 8
                i += 8
            }
            while i < limit {
                let cell = cells[i]
                if cell.style != style { break }
                let v = cell.content
                if v < 0x80 {
                    // ASCII after the eight-cell steps stopped: predictable on a line of one kind.
                    p.pointee = UInt8(truncatingIfNeeded: v)
                    p += 1
                } else if v < 0x1000_0000 {
                    // Any length of 1-4 bytes in one 4-byte store with no branch on which: a line of
                    // mixed scripts (accents, CJK, emoji, box drawing) mispredicted one a cell.
                    // The length from the highest bit set, ceil(bits / 7); the continuation bits on
                    // all bytes but the last.
                    let length = (38 &- (v | 1).leadingZeroBitCount) / 7
                    let continuation = 0x80_8080 & ((1 &<< UInt32(truncatingIfNeeded: length &* 8 &- 8)) &- 1)
                    UnsafeMutableRawPointer(p).storeBytes(of: (groups(v) | continuation).littleEndian, as: UInt32.self)
                    p += length
                } else {
                    p = writeVarint(v, p)
                }
                i &+= 1
            }
            let length = i - start
            lengthAt[0] = UInt8(truncatingIfNeeded: length)
            lengthAt[1] = UInt8(truncatingIfNeeded: length >> 8)
        }
        return p - out
    }

    /// Keeps a content's bits above ASCII and a style whole (see `encode`'s eight-cell step).
    private static let asciiMask = SIMD16<UInt32>(repeating: ~0).replacing(with: ~0x7F, where: evenLanes)
    private static let evenLanes = SIMDMask<SIMD16<Int32>>(
        SIMD16<Int32>(-1, 0, -1, 0, -1, 0, -1, 0, -1, 0, -1, 0, -1, 0, -1, 0))

    /// The wrapped flag of a row written by `encode`.
    static func isWrapped(_ bytes: UnsafePointer<UInt8>) -> Bool { bytes.pointee & 1 != 0 }

    /// Reads a row written by `encode` into `cells[0..<width]`; returns whether it was wrapped.
    @discardableResult
    static func decode(_ bytes: UnsafePointer<UInt8>, width: Int,
                       into cells: UnsafeMutablePointer<StoredCell>) -> Bool {
        var p = bytes
        let wrapped = p.pointee & 1 != 0
        p += 1
        let kept = min(Int(readVarint(&p)), width)
        let fill = readWord(&p)
        var i = 0
        while i < kept {
            let style = readWord(&p)
            let end = min(i + (Int(p[0]) | Int(p[1]) << 8), kept)
            p += 2
            while i < end {
                cells[i] = StoredCell(content: readVarint(&p), style: style)
                i += 1
            }
        }
        if kept < width { (cells + kept).update(repeating: .blank(fill), count: width - kept) }
        return wrapped
    }

    @inline(__always)
    private static func writeWord(_ value: UInt32, _ p: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        p[0] = UInt8(truncatingIfNeeded: value)
        p[1] = UInt8(truncatingIfNeeded: value >> 8)
        p[2] = UInt8(truncatingIfNeeded: value >> 16)
        p[3] = UInt8(truncatingIfNeeded: value >> 24)
        return p + 4
    }

    @inline(__always)
    private static func readWord(_ p: inout UnsafePointer<UInt8>) -> UInt32 {
        let value = UInt32(p[0]) | UInt32(p[1]) << 8 | UInt32(p[2]) << 16 | UInt32(p[3]) << 24
        p += 4
        return value
    }

    @inline(__always)
    private static func writeVarint(_ value: UInt32, _ p: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        if value < 0x80 {
            p.pointee = UInt8(value)
            return p + 1
        }
        // The same bytes as the LEB128 loop, in one 4-byte store for the lengths a row holds
        // (2: accents, box drawing; 4: a wide character or its spacer, every cell of a line of
        // CJK or emoji); the store may write past the varint, into `maximumSize`'s slack.
        let v = value
        let groups = groups(v)
        let raw = UnsafeMutableRawPointer(p)
        if v < 0x4000 {
            raw.storeBytes(of: (groups | 0x80).littleEndian, as: UInt32.self)
            return p + 2
        }
        if v < 0x20_0000 {
            raw.storeBytes(of: (groups | 0x8080).littleEndian, as: UInt32.self)
            return p + 3
        }
        raw.storeBytes(of: (groups | 0x80_8080).littleEndian, as: UInt32.self)
        if v < 0x1000_0000 { return p + 4 }
        p[3] |= 0x80
        p[4] = UInt8(truncatingIfNeeded: v >> 28)
        return p + 5
    }

    /// `v`'s low 28 bits as four 7-bit groups, one a byte, without the continuation bits.
    @inline(__always)
    private static func groups(_ v: UInt32) -> UInt32 {
        v & 0x7F | v << 1 & 0x7F00 | v << 2 & 0x7F_0000 | v << 3 & 0x7F00_0000
    }

    @inline(__always)
    private static func readVarint(_ p: inout UnsafePointer<UInt8>) -> UInt32 {
        var value: UInt32 = 0
        var shift: UInt32 = 0
        while true {
            let byte = p.pointee
            p += 1
            value |= UInt32(byte & 0x7F) << shift
            if byte < 0x80 || shift >= 28 { return value }
            shift += 7
        }
    }
}
