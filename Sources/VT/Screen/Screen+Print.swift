/// Writing characters: the bulk ASCII path, single characters (wide, combining), REP.
extension Screen {
    /// Prints a run of ASCII 0x20–0x7E with the current pen: whole slices per row, one
    /// 8-byte store per cell.
    func printASCII(_ run: UnsafeBufferPointer<UInt8>) {
        guard let base = run.baseAddress, !run.isEmpty else { return }
        if translating || modes.insert || penHidden {
            for b in run { print(UInt32(b)) }
            return
        }
        let style = penStyle
        let n = run.count
        if n == 1 && !pendingWrap && column < rightLimit {
            // One character, as cursor-addressed output prints: none of the run bookkeeping.
            let line = grid.row(row)
            prepareWrite(line, column, column + 1)
            line[column] = StoredCell(content: UInt32(base[0]), style: style)
            grid.touch(row)
            column += 1
            setAfterPrint(UInt32(base[0]), runColumn: -1)   // also ends a wide run
            return
        }
        var i = 0
        while i < n {
            if pendingWrap { wrap() }
            let limit = rightLimit
            let count = min(limit + 1 - column, n - i)
            let line = grid.row(row)
            prepareWrite(line, column, column + count)
            Screen.storeASCII(base + i, count: count, style: style, into: line + column)
            grid.touch(row)
            i += count
            column += count
            if column > limit {
                column = limit
                if modes.autowrap {
                    pendingWrap = true
                } else if i < n {
                    // Without autowrap the rest overwrites the last column: the last one stays.
                    line[limit] = StoredCell(content: UInt32(base[n - 1]), style: style)
                    i = n
                }
            }
        }
        setAfterPrint(UInt32(base[n - 1]), runColumn: -1)   // also ends a wide run
    }

    /// Cells for `count` ASCII bytes in one style. Sixteen at a time as one vector: a StoredCell
    /// is (content, style) in 8 bytes, so a cell is the byte widened to 64 bits with the style in
    /// the high half (the compiler's own loop went four at a time).
    @inline(__always)
    static func storeASCII(_ src: UnsafePointer<UInt8>, count: Int, style: UInt32,
                           into dst: UnsafeMutablePointer<StoredCell>) {
        let high = SIMD16<UInt64>(repeating: UInt64(style) << 32)
        let out = UnsafeMutableRawPointer(dst)
        var k = 0
        while k + 16 <= count {
            let bytes = UnsafeRawPointer(src + k).loadUnaligned(as: SIMD16<UInt8>.self)
            out.storeBytes(of: SIMD16<UInt64>(truncatingIfNeeded: bytes) | high, toByteOffset: k &* 8,
                           as: SIMD16<UInt64>.self)
            k += 16
        }
        while k < count {
            dst[k] = StoredCell(content: UInt32(src[k]), style: style)
            k += 1
        }
    }

    /// Prints one character (after charset translation), handling width and combining marks.
    func print(_ input: UInt32) {
        let scalar = translate(input)
        let width = CharacterWidth.of(scalar, in: widths)
        if width == 0 {
            printZeroWidth(scalar)
            return
        }
        if pendingWrap { wrap() }   // (a run does not continue on the next row)
        let inRun = width == 2 && wideRunRow == row && wideRunColumn == column
        wideRunColumn = -1
        var limit = rightLimit
        if width == 2 && column == limit && !modes.autowrap {
            // No room and no autowrap: xterm drops it, unless it continues a run of wide
            // characters, whose last one it then replaces.
            guard inRun else { return }
            column = wideRunStart
        }
        if width == 2 && column == limit {
            // A wide character does not fit in the last column: wrap first (or drop it).
            // xterm 379 leaves the last cell as it was (text, rendition, a wide character's
            // half); an empty one is marked as the pad, so reflow joins the text again.
            guard limit > leftLimit else { return }
            let padded = grid.row(row)
            let old = padded[column]
            if old.scalar == 0 && !old.isSpacer && !old.isWide {
                padded[column] = StoredCell(content: StoredCell.wrapPadBit, style: old.style)
                grid.touch(row)
            }
            pendingWrap = true
            wrap()
            limit = rightLimit
        }
        if modes.insert { insertBlanks(width) }
        let style = penStyle
        let line = grid.row(row)
        prepareWrite(line, column, column + width)
        let start = column
        if penHidden {
            printHidden(line, width: width, style: style, continuing: inRun)
        } else if width == 2 {
            line[column] = StoredCell(content: scalar | StoredCell.wideBit, style: style)
            line[column + 1] = StoredCell(content: StoredCell.spacerBit, style: style)
        } else {
            line[column] = StoredCell(content: scalar, style: style)
        }
        grid.touch(row)
        column += width
        if column > limit {
            column = limit
            if modes.autowrap { pendingWrap = true }
        }
        if width == 2 { (wideRunRow, wideRunStart) = (row, start) }
        setAfterPrint(scalar, runColumn: width == 2 ? column : -1)
    }

    /// Where a run of wide characters continues, -1 for none (every control and sequence ends it).
    var wideRunColumn: Int {
        get { Int(afterPrint >> 32) - 1 }
        set { setAfterPrint(lastPrinted, runColumn: newValue) }
    }

    /// The graphic character just printed, for REP; 0 once any control or sequence came.
    var lastPrinted: UInt32 {
        get { UInt32(truncatingIfNeeded: afterPrint) }
        set { afterPrint = afterPrint & ~0xFFFF_FFFF | UInt64(newValue) }
    }

    /// Both at once, in one store: `scalar` just printed and the column a wide run continues
    /// at (-1: none). The bulk ASCII path and every sequence pay this one store, no more.
    @inline(__always)
    func setAfterPrint(_ scalar: UInt32, runColumn column: Int) {
        afterPrint = UInt64(UInt32(truncatingIfNeeded: column + 1)) << 32 | UInt64(scalar)
    }

    /// A control or sequence arrived: it ends a run of wide characters, and REP after it
    /// repeats nothing (xterm 379 repeats only a graphic character written right before REP;
    /// `a CR LF CSI 3 b`, `a NUL CSI 3 b` and `a CSI 3 b CSI 2 b` leave one `a` or four).
    @inline(__always)
    func sequenceArrived() {
        setAfterPrint(0, runColumn: -1)
    }

    /// REP: the character printed right before it `count` more times (a count of 0 is 1).
    func repeatLast(_ count: Int) {
        guard lastPrinted != 0 else { return }
        let scalar = lastPrinted
        let saved = (g0, g1, g2, g3, singleShift)
        (g0, g1, g2, g3, singleShift) = (.ascii, .ascii, .ascii, .ascii, 0)
        charsetsChanged()
        for _ in 0..<min(count, columns * rows) { print(scalar) }
        (g0, g1, g2, g3, singleShift) = saved
        charsetsChanged()
    }

    /// Autowrap: continue at the left margin of the next line (scrolling if needed). The
    /// line feed comes first, from the column the text ended in: at the bottom margin outside
    /// the left/right margins nothing scrolls, and the text goes on at the left margin of the
    /// same row (xterm 379: `CSI 7;8r CSI ?69h CSI 11;22s CSI 8;30H 中` on 30x8 puts 中 at 8;11).
    @inline(__always)
    func wrap() {
        pendingWrap = false
        guard modes.autowrap else { return }
        grid.setWrapped(row, true)
        let start = leftLimit
        index()
        column = start
    }

    /// Before cells `start..<end` of `line` are erased or edited: a wide character cut in half
    /// by the edges loses its other half too, which becomes a written blank keeping its
    /// rendition (xterm 379's DECRQCRA counts it as a space with those attributes).
    @inline(__always)
    func prepareOverwrite(_ line: UnsafeMutablePointer<StoredCell>, _ start: Int, _ end: Int) {
        if start > 0 && line[start].isSpacer {
            line[start - 1] = StoredCell(content: 0x20, style: line[start - 1].style)
        }
        if end < columns && line[end].isSpacer {
            line[end] = StoredCell(content: 0x20, style: line[end].style)
        }
    }

    /// Before characters are written over cells `start..<end`: the other half of a wide
    /// character cut there becomes a written blank with no rendition, only the pen's colours,
    /// as an erase leaves (xterm 379's DECRQCRA counts a plain space). A right half left in the
    /// screen's last column is cleared to never written instead, keeping only the pen's colours
    /// (xterm 379: `CSI 4;29H 中 CSI 4;29H x` on 30 columns counts nothing in column 30).
    @inline(__always)
    func prepareWrite(_ line: UnsafeMutablePointer<StoredCell>, _ start: Int, _ end: Int) {
        if start > 0 && line[start].isSpacer {
            line[start - 1] = StoredCell(content: 0x20, style: eraseCell.style)
        }
        if end < columns && line[end].isSpacer {
            line[end] = end == columns - 1 ? eraseCell : StoredCell(content: 0x20, style: eraseCell.style)
        }
    }

    /// A hidden (SGR 8) character, stored as xterm 379 stores it: a space in one cell, even
    /// for a wide character (the cursor still moves two), so its DECRQCRA and print see
    /// spaces, and copies of it stay blank. The cell right of a hidden wide character keeps
    /// its content unless it held half of a wide character, which becomes a written blank
    /// (xterm keeps an orphan right half there; Drover never leaves one a renderer must draw).
    /// Back-to-back hidden wide characters (no control or sequence between them) are one run
    /// to xterm: their spaces go one per character from the run's first column. The two cells
    /// a further one covers keep their content, except a wide character cut by them, which is
    /// erased whole (`a中文中文 CSI 1;1H CSI 8m 中中` leaves five blanks, DECRQCRA FFE0 each, as
    /// in xterm 379, whose clearing spans one read's run: a cut in the middle of a longer run
    /// differs, ADR 0008); a space landing on a wide character's half leaves its other half a
    /// written blank, so no half is ever left without its partner.
    private func printHidden(_ line: UnsafeMutablePointer<StoredCell>, width: Int, style: UInt32, continuing: Bool) {
        guard width == 2 else {
            line[column] = StoredCell(content: 0x20, style: style)
            return
        }
        let erased = StoredCell(content: 0x20, style: eraseCell.style)
        if continuing {
            // (prepareWrite already blanked the outer halves of what the two cells cut.)
            if line[column].isSpacer { line[column] = erased }
            if column + 1 < grid.columns && line[column + 1].isWide { line[column + 1] = erased }
        }
        let target = continuing ? hiddenRunNext : column
        // A run continued past the right edge (autowrap off) has no cell left to write.
        guard target < grid.columns else { return }
        hiddenRunNext = target + 1
        if continuing && target + 1 < grid.columns && line[target].isWide { line[target + 1] = erased }
        line[target] = StoredCell(content: 0x20, style: style)
        guard !continuing, column + 1 < grid.columns else { return }
        let next = line[column + 1]   // (prepareWrite already blanked a wide one's right half)
        if next.isWide || next.isSpacer { line[column + 1] = erased }
    }

    /// At most this many scalars share a cell; further marks are dropped (a hostile stream of
    /// marks must not grow memory).
    static let clusterScalarLimit = 12

    /// A zero-width character (already translated) joins the cell before the cursor; a format
    /// character (ZWSP, ZWNJ, ZWJ, word joiner…) also ends REP's run, a mark does not.
    func printZeroWidth(_ scalar: UInt32) {
        if (0x200B...0x200F).contains(scalar) || (0x2060...0x2064).contains(scalar) { lastPrinted = 0 }
        combine(scalar)
    }

    /// Joins a zero-width character to the cell before the cursor.
    private func combine(_ mark: UInt32) {
        var target = pendingWrap ? column : column - 1
        guard target >= 0 else { return }
        let line = grid.row(row)
        if line[target].isSpacer && target > 0 {
            target -= 1
        } else if wideRunRow == row && hiddenRunNext > 0 && hiddenRunNext - 1 < target
                    && styles[line[hiddenRunNext - 1].style].flags.contains(.hidden)
                    && (hiddenRunNext...target).allSatisfy({ line[$0].scalar == 0 && !line[$0].isSpacer }) {
            // A hidden wide character is one space in its first cell (`printHidden`): its marks
            // join that space across the empty cells after it, as xterm 379 prints them
            // (`CSI 8m 中 U+0301` and `CSI 8m 中 CSI m U+0301` print " ́").
            target = hiddenRunNext - 1
        }
        let base = line[target].scalar
        guard base != 0 else { return }
        if let index = clusterIndex(base: base, mark: mark) {
            let flags = line[target].content & ~StoredCell.contentMask
            line[target].content = (Cell.clusterBase + index) | flags
            grid.touch(row)
        }
    }

    private func clusterIndex(base: UInt32, mark: UInt32) -> UInt32? {
        if let found = clusters.index(base: base, mark: mark) { return found }
        // A full table that cannot be swept yet: drop the mark without building its text.
        if clusters.isFull && !compactTablesIfPaid() { return nil }
        guard let scalar = Unicode.Scalar(mark) else { return nil }
        var text = ""
        if base >= Cell.clusterBase {
            text = clusters.string(Int(base - Cell.clusterBase)) ?? ""
            guard text.unicodeScalars.count < Screen.clusterScalarLimit else { return nil }
        } else if let first = Unicode.Scalar(base) {
            text.unicodeScalars.append(first)
        }
        text.unicodeScalars.append(scalar)
        return clusters.add(text, base: base, mark: mark)
    }
}
