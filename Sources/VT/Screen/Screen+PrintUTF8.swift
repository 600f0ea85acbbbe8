/// Printing runs of UTF-8 text in other scripts (CJK, emoji, box drawing, accented Latin): the
/// parser hands over the bytes of whole characters at once, and the characters that fit on the
/// cursor's row are stored with the row, pen and margins looked up once per stretch instead of
/// once per character (`print` did all of it for each, the largest cost of such a flood).
extension Screen {
    /// Prints the whole UTF-8 characters from `bytes[start]` (`UTF8Run`'s rules) and returns the
    /// index of the first byte that does not start one, or `end`. A character that wraps, insert
    /// mode, hidden text and a translating charset take `print`, and a mark `printZeroWidth`
    /// (unless it joins a cell of the stretch into a cluster the table has), so the screen ends
    /// exactly as `print` one character at a time leaves it.
    func printUTF8(_ bytes: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
        var i = start
        guard !translating && !modes.insert && !penHidden else {
            while i < end {
                let decoded = UTF8Run.decode(bytes, at: i, end: end)
                guard decoded != 0 else { break }
                print(decoded >> 3)
                i += Int(decoded & 7)
            }
            return i
        }
        while i < end {
            // One stretch: characters stored on the cursor's row while they end before its
            // right limit (the one that reaches it sets up the wrap, in `print`). The pen's
            // style is read again after each `print`, whose mark may have swept the tables.
            let style = penStyle
            let line = grid.row(row)
            // A pending wrap stops the stretch before its first character, as a full row would.
            let limit = pendingWrap ? 0 : rightLimit
            var col = column
            // `prepareWrite` for the whole stretch, not per character: inside it each character
            // overwrites the cell the one before might have blanked, so only the stretch's two
            // edges can cut a wide character. The left edge is read before anything is stored.
            let cutsLeft = col > 0 && line[col].isSpacer
            // The last character stored; whether it was wide is read back from its cells.
            var last: UInt32 = 0, wideStart = -1
            let widths = self.widths
            var decoded: UInt32 = 0, width = 0
            while i < end {
                decoded = Screen.nextCharacter(bytes, at: i, end: end)
                guard decoded != 0 else { break }
                let scalar = decoded >> 3
                width = CharacterWidth.of(scalar, in: widths)
                if width == 1 {
                    guard col < limit else { break }
                    line[col] = StoredCell(content: scalar, style: style)
                } else if width == 2 {
                    guard col &+ 2 <= limit else { break }
                    line[col] = StoredCell(content: scalar | StoredCell.wideBit, style: style)
                    line[col &+ 1] = StoredCell(content: StoredCell.spacerBit, style: style)
                    wideStart = col
                } else {
                    // A mark on a cell of this stretch, making a cluster the table already has,
                    // joins it here (what `combine` does for it); anything else ends the stretch.
                    guard col != column, !Screen.isFormatCharacter(scalar) else { break }
                    let target = line[col &- 1].isSpacer ? col &- 2 : col &- 1
                    guard let index = clusters.index(base: line[target].scalar, mark: scalar) else { break }
                    line[target].content = (Cell.clusterBase + index) | (line[target].content & ~StoredCell.contentMask)
                    i &+= Int(decoded & 7)
                    decoded = 0
                    continue
                }
                col &+= width
                last = scalar
                i &+= Int(decoded & 7)
                decoded = 0
            }
            if col != column {
                finishStretch(line, from: column, to: col, cutsLeft: cutsLeft)
                grid.touch(row)
                if wideStart >= 0 { (wideRunRow, wideRunStart) = (row, wideStart) }
                column = col
                setAfterPrint(last, runColumn: line[col - 1].isSpacer ? col : -1)
            }
            guard decoded != 0 else { return i }   // a byte that starts no whole character (or ASCII)
            // A mark (no translation here: `print` would look its width up again), or a
            // wrap, the row's last cell.
            if width == 0 { printZeroWidth(decoded >> 3) } else { print(decoded >> 3) }
            i += Int(decoded & 7)
        }
        return i
    }

    /// ZWSP to RLM and the word joiner to the invisible plus: zero-width characters that also
    /// end REP's run (`printZeroWidth`), left to it.
    @inline(always)
    private static func isFormatCharacter(_ scalar: UInt32) -> Bool {
        scalar &- 0x200B < 5 || scalar &- 0x2060 < 5
    }

    /// What `prepareWrite(line, start, end)` before the stretch would have done, now that
    /// `start..<end` is written: `cutsLeft` says whether `start` held a wide character's right
    /// half (whose left half becomes a written blank); the cell at `end` is as it was.
    @inline(always)
    private func finishStretch(_ line: UnsafeMutablePointer<StoredCell>, from start: Int, to end: Int, cutsLeft: Bool) {
        if cutsLeft { line[start - 1] = StoredCell(content: 0x20, style: eraseCell.style) }
        if end < columns && line[end].isSpacer {
            line[end] = end == columns - 1 ? eraseCell : StoredCell(content: 0x20, style: eraseCell.style)
        }
    }

    /// `UTF8Run.decode`, and also a lone printable ASCII character followed by a non-ASCII byte
    /// (the base letter before a combining mark, a space between words of another script), as
    /// `scalar << 3 | 1`: the parser would hand it to `printASCII` alone, which stores the
    /// same cell. A longer ASCII run returns 0 and goes back to the parser's vector path.
    /// `@inline(always)`, here and on what it calls: with `@inline(__always)` (a hint) the
    /// compiler kept each a call per character (ADR 0034).
    @inline(always)
    private static func nextCharacter(_ bytes: UnsafePointer<UInt8>, at i: Int, end: Int) -> UInt32 {
        if i &+ 4 <= end {
            // Four bytes readable (all but a read's last few): one load for any length. A
            // multi-byte character first: the lone ASCII letter is the rarer case here.
            let w = UInt32(littleEndian: UnsafeRawPointer(bytes + i).loadUnaligned(as: UInt32.self))
            let decoded = UTF8Run.decode(word: w)
            if decoded != 0 { return decoded }
            let b = w & 0xFF
            return b &- 0x20 < 0x5F && w & 0x8000 != 0 ? b << 3 | 1 : 0
        }
        let b = UInt32(bytes[i])
        if b &- 0x20 < 0x5F { return i + 1 < end && bytes[i + 1] >= 0x80 ? b << 3 | 1 : 0 }
        return UTF8Run.decode(bytes, at: i, end: end)
    }
}
