/// DECRQCRA (`CSI Pi ; Pg ; Pt ; Pl ; Pb ; Pr * y`): a checksum of a rectangle of the screen,
/// answered `DCS Pi ! ~ XXXX ST`, computed as xterm does by default (its DEC mode):
/// each drawn cell adds its 8-bit DEC value (ASCII and Latin-1 masked to 7 bits, anything
/// else and the right half of a wide character as ESC) plus 0x08 hidden, 0x10 underlined,
/// 0x20 inverse, 0x40 blinking, 0x80 bold; cells never written are skipped; a plain space is
/// counted only as the first cell; the total is negated and kept to 16 bits.
extension Terminal {
    func checksumReport(_ p: borrowing Params) {
        let id = p[0]
        let sum = rectangleChecksum(top: p[2], left: p[3], bottom: p[4], right: p[5])
        let hex = String(sum, radix: 16, uppercase: true)
        reply("\u{1B}P\(id)!~\(String(repeating: "0", count: 4 - hex.count))\(hex)\u{1B}\\")
    }

    /// The checksum of a 1-based rectangle (0 = default), relative to the margins in origin mode.
    func rectangleChecksum(top: Int, left: Int, bottom: Int, right: Int) -> UInt16 {
        let s = screen
        let topMargin = s.modes.origin ? s.top : 0
        let leftMargin = s.modes.origin ? s.left : 0
        func limit(_ v: Int, _ fallback: Int, _ margin: Int, _ maximum: Int) -> Int {
            min(max((v == 0 ? fallback : v) + margin, 1), maximum) - 1
        }
        let t = limit(top, 1, topMargin, s.rows)
        let l = limit(left, 1, leftMargin, s.columns)
        let b = limit(bottom, s.rows, topMargin, s.rows)
        let r = limit(right, s.columns, leftMargin, s.columns)
        guard t <= b && l <= r else { return 0 }
        var sum: UInt16 = 0
        var first = true
        for row in t...b {
            let line = s.grid.row(row)
            for column in l...r {
                let cell = line[column]
                guard let value = checksumValue(cell) else { continue }
                let a = s.styles[cell.style]
                var ch = value
                if a.flags.contains(.hidden) { ch &+= 0x08 }
                if a.underline != .none { ch &+= 0x10 }
                if a.flags.contains(.inverse) { ch &+= 0x20 }
                if a.flags.contains(.blink) { ch &+= 0x40 }
                if a.flags.contains(.bold) { ch &+= 0x80 }
                let extended = !a.flags.isDisjoint(with: [.faint, .italic, .strikethrough]) || a.underline == .double
                if first || ch != 0x20 || extended { sum &+= ch }
                first = false
            }
            first = false
        }
        return 0 &- sum
    }

    /// A cell's DEC 8-bit value, or nil for a cell nothing was written to.
    private func checksumValue(_ cell: StoredCell) -> UInt16? {
        if cell.isSpacer { return 0x1B }
        var cp = cell.scalar
        if cp == 0 { return nil }
        if cp >= Cell.clusterBase {
            let text = screen.clusters.string(Int(cp - Cell.clusterBase)) ?? ""
            cp = text.unicodeScalars.first?.value ?? 0x1B
        }
        switch cp {
        case 0x7F, 0xFF: return 0
        case 0x20...0x7E, 0x80...0x9F, 0xA1...0xFE: return UInt16(cp & 0x7F)
        default: return 0x1B
        }
    }
}
