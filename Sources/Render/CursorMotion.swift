/// A cursor position on the local terminal, 0-based. `column == columns` means the cursor sits
/// after the last column with a wrap pending (after a character was written there), or
/// somewhere on the row after a character the terminal may draw one or two columns wide:
/// either way only CR is a safe horizontal move from there.
struct ScreenPoint: Equatable {
    var row: Int
    var column: Int
}

/// Chooses the cheapest way to move the local cursor: absolute CUP, or relative moves
/// (CR, LF, BS, CUU/CUD/CUF/CUB, RI), whichever is fewer bytes.
enum CursorMotion {
    /// Appends the bytes that move the cursor from `from` (nil: unknown) to `to`: the
    /// relative moves are written first and replaced by CUP when that is shorter, so no
    /// temporary buffer is needed.
    static func move(from: ScreenPoint?, to: ScreenPoint, columns: Int, into out: inout [UInt8]) {
        if let from, from == to { return }
        if let from {
            let mark = out.count
            appendRelative(from: from, to: to, columns: columns, into: &out)
            if out.count - mark < absoluteLength(to) { return }
            out.removeLast(out.count - mark)
        }
        appendAbsolute(to, into: &out)
    }

    /// The byte count of `move`'s output, for comparing a move with rewriting cells.
    static func cost(from: ScreenPoint?, to: ScreenPoint, columns: Int, scratch: inout [UInt8]) -> Int {
        scratch.removeAll(keepingCapacity: true)
        move(from: from, to: to, columns: columns, into: &scratch)
        return scratch.count
    }

    /// CUP with default parameters left out.
    static func appendAbsolute(_ to: ScreenPoint, into out: inout [UInt8]) {
        out.appendCSI()
        if to.row != 0 || to.column != 0 {
            out.appendNumber(to.row + 1)
            if to.column != 0 {
                out.append(UInt8(ascii: ";"))
                out.appendNumber(to.column + 1)
            }
        }
        out.append(UInt8(ascii: "H"))
    }

    private static func absoluteLength(_ to: ScreenPoint) -> Int {
        guard to.row != 0 || to.column != 0 else { return 3 }
        return 3 + decimalLength(to.row + 1) + (to.column != 0 ? 1 + decimalLength(to.column + 1) : 0)
    }

    static func appendRelative(from: ScreenPoint, to: ScreenPoint, columns: Int, into out: inout [UInt8]) {
        // With a wrap pending only CR is safe horizontally (terminals differ on the rest).
        if from.column >= columns {
            out.append(0x0D)
            if to.column > 0 { out.appendCSI(count: to.column, final: UInt8(ascii: "C")) }
        } else if to.column != from.column {
            appendHorizontal(from: from.column, to: to.column, into: &out)
        }
        let rows = to.row - from.row
        if rows > 0 {
            let csi = 2 + (rows == 1 ? 0 : decimalLength(rows)) + 1
            if rows <= csi {
                for _ in 0..<rows { out.append(0x0A) }
            } else {
                out.appendCSI(count: rows, final: UInt8(ascii: "B"))
            }
        } else if rows == -1 {
            out.append(0x1B)
            out.append(UInt8(ascii: "M"))
        } else if rows < 0 {
            out.appendCSI(count: -rows, final: UInt8(ascii: "A"))
        }
    }

    private static func appendHorizontal(from: Int, to: Int, into out: inout [UInt8]) {
        if to == 0 {
            out.append(0x0D)
        } else if to > from {
            out.appendCSI(count: to - from, final: UInt8(ascii: "C"))
        } else {
            let back = from - to
            let csiCost = 2 + (back == 1 ? 0 : decimalLength(back)) + 1
            let crCost = 1 + 2 + (to == 1 ? 0 : decimalLength(to)) + 1
            if back <= min(csiCost, crCost) {
                for _ in 0..<back { out.append(0x08) }
            } else if crCost < csiCost {
                out.append(0x0D)
                out.appendCSI(count: to, final: UInt8(ascii: "C"))
            } else {
                out.appendCSI(count: back, final: UInt8(ascii: "D"))
            }
        }
    }
}
