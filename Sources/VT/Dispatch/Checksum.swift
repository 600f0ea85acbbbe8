/// DECRQCRA (`CSI Pi ; Pg ; Pt ; Pl ; Pb ; Pr * y`): a checksum of a rectangle of the screen,
/// answered `DCS Pi ! ~ XXXX ST`, computed as xterm 379 does with its default resources
/// (measured under Xvfb; see XtermCorpus/checksum-*): each cell adds the low byte of its
/// character (0xFF for the right half of a wide character, a space for a hidden one) plus
/// 0x10 underlined, 0x20 inverse, 0x40 blinking, 0x80 bold. While GR holds a set other than
/// ASCII (xterm then reads bytes, not UTF-8), a character past Latin-1 counts with bit 7 set
/// (`U+0100` as 0x80, `中` as 0xAD): measured with the oracle (XtermParityTests).
/// A cell never written and carrying no rendition or colour counts as a space when it is the
/// rectangle's first cell and as nothing elsewhere; written spaces always count.
/// The total is negated and kept to 16 bits.
extension Terminal {
    func checksumReport(_ p: borrowing Params) {
        let id = p[0]
        let sum = rectangleChecksum(top: p[2], left: p[3], bottom: p[4], right: p[5])
        let hex = String(sum, radix: 16, uppercase: true)
        reply("\u{1B}P\(id)!~\(String(repeating: "0", count: 4 - hex.count))\(hex)\u{1B}\\")
    }

    /// The checksum of a 1-based rectangle (0 = default), relative to the margins and clipped
    /// to them in origin mode; 0 for an empty rectangle.
    func rectangleChecksum(top: Int, left: Int, bottom: Int, right: Int) -> UInt16 {
        let s = screen
        guard let area = s.rectangle(top: top, left: left, bottom: bottom, right: right) else { return 0 }
        let (t, l, b, r) = (area.top, area.left, area.bottom, area.right)
        var sum: UInt16 = 0
        var first = true
        let highBit: UInt16 = s.eightBitGraphics ? 0x80 : 0
        for row in t...b {
            let line = s.grid.row(row)
            for column in l...r {
                let cell = line[column]
                defer { first = false }
                if cell.scalar == 0 && !cell.isSpacer && cell.style == 0 {   // never written (or a wrap pad)
                    if first { sum &+= 0x20 }
                    continue
                }
                let a = s.styles[cell.style]
                if cell.isSpacer && a.flags.contains(.hidden) {   // xterm: the hidden right half adds nothing
                    if first { sum &+= 0x20 }
                    continue
                }
                var ch = a.flags.contains(.hidden) ? 0x20 : checksumValue(cell, highBit: highBit)
                if a.underline != .none { ch &+= 0x10 }
                if a.flags.contains(.inverse) { ch &+= 0x20 }
                if a.flags.contains(.blink) { ch &+= 0x40 }
                if a.flags.contains(.bold) { ch &+= 0x80 }
                sum &+= ch
            }
        }
        return 0 &- sum
    }

    /// The low byte of a cell's character (the first scalar of a cluster); 0xFF for the
    /// right half of a wide character, a space for a blank; `highBit` is or-ed into characters
    /// past Latin-1.
    private func checksumValue(_ cell: StoredCell, highBit: UInt16) -> UInt16 {
        if cell.isSpacer { return 0xFF }
        var cp = cell.scalar
        if cp == 0 { return 0x20 }
        if cp >= Cell.clusterBase {
            let text = screen.clusters.string(Int(cp - Cell.clusterBase)) ?? ""
            cp = text.unicodeScalars.first?.value ?? 0x20
        }
        return UInt16(cp & 0xFF) | (cp > 0xFF ? highBit : 0)
    }
}
