/// A cursor position on the local terminal, 0-based. `column == columns` means the cursor sits
/// after the last column with a wrap pending (after a character was written there).
struct ScreenPoint: Equatable {
    var row: Int
    var column: Int
}

/// Chooses the cheapest way to move the local cursor: absolute CUP, or relative moves
/// (CR, LF, BS, CUU/CUD/CUF/CUB, RI), whichever is fewer bytes.
enum CursorMotion {
    /// Appends the bytes that move the cursor from `from` (nil: unknown) to `to`.
    static func move(from: ScreenPoint?, to: ScreenPoint, columns: Int, into out: inout [UInt8]) {
        if let from, from == to { return }
        var best = absolute(to)
        if let from {
            let relative = relative(from: from, to: to, columns: columns)
            if relative.count < best.count { best = relative }
        }
        out.append(contentsOf: best)
    }

    /// CUP with default parameters left out.
    static func absolute(_ to: ScreenPoint) -> [UInt8] {
        var out: [UInt8] = []
        out.appendCSI()
        if to.row != 0 || to.column != 0 {
            out.appendNumber(to.row + 1)
            if to.column != 0 {
                out.append(UInt8(ascii: ";"))
                out.appendNumber(to.column + 1)
            }
        }
        out.append(UInt8(ascii: "H"))
        return out
    }

    static func relative(from: ScreenPoint, to: ScreenPoint, columns: Int) -> [UInt8] {
        var out: [UInt8] = []
        // With a wrap pending only CR is safe horizontally (terminals differ on the rest).
        if from.column >= columns {
            out.append(0x0D)
            if to.column > 0 { out.appendCSI(count: to.column, final: UInt8(ascii: "C")) }
        } else if to.column != from.column {
            out.append(contentsOf: horizontal(from: from.column, to: to.column))
        }
        let rows = to.row - from.row
        if rows > 0 {
            let csi = 2 + (rows == 1 ? 0 : decimalLength(rows)) + 1
            if rows <= csi {
                out.append(contentsOf: repeatElement(0x0A, count: rows))
            } else {
                out.appendCSI(count: rows, final: UInt8(ascii: "B"))
            }
        } else if rows == -1 {
            out.append(contentsOf: [0x1B, UInt8(ascii: "M")])
        } else if rows < 0 {
            out.appendCSI(count: -rows, final: UInt8(ascii: "A"))
        }
        return out
    }

    private static func horizontal(from: Int, to: Int) -> [UInt8] {
        var out: [UInt8] = []
        if to == 0 {
            out.append(0x0D)
        } else if to > from {
            out.appendCSI(count: to - from, final: UInt8(ascii: "C"))
        } else {
            let back = from - to
            let csiCost = 2 + (back == 1 ? 0 : decimalLength(back)) + 1
            let crCost = 1 + 2 + (to == 1 ? 0 : decimalLength(to)) + 1
            if back <= min(csiCost, crCost) {
                out.append(contentsOf: repeatElement(0x08, count: back))
            } else if crCost < csiCost {
                out.append(0x0D)
                out.appendCSI(count: to, final: UInt8(ascii: "C"))
            } else {
                out.appendCSI(count: back, final: UInt8(ascii: "D"))
            }
        }
        return out
    }
}
