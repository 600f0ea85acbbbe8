import VT

/// A block of whole rows that moved: rows `top...bottom` scrolled by `shift` lines
/// (positive: content moved up, as after a line feed at the bottom; negative: down).
struct ScrollPlan: Equatable {
    var top: Int
    var bottom: Int
    var shift: Int
}

/// Finds the scroll that saves the most redrawing between two frames of the same size, like
/// a terminal's scroll region would produce it.
enum ScrollDetector {
    /// Rows that must be saved before a scroll is worth its escape sequences.
    static let minimumGain = 2

    /// `changed`, when given, says which rows differ at the same index (the caller has
    /// compared them already).
    static func detect(previous: Frame, next: Frame, changed known: [Bool]? = nil) -> ScrollPlan? {
        let rows = next.rows
        guard rows > 2, previous.rows == rows, previous.columns == next.columns else { return nil }
        let previousHashes = (0..<rows).map { rowHash(previous, $0) }
        // A row known to be unchanged hashes as it did in `previous`: only changed rows are hashed.
        let nextHashes = (0..<rows).map { known?[$0] == false ? previousHashes[$0] : rowHash(next, $0) }
        func same(_ nextRow: Int, _ previousRow: Int) -> Bool {
            nextHashes[nextRow] == previousHashes[previousRow]
                && RowComparison.equal(next, nextRow, previous, previousRow)
        }
        let changed = known ?? (0..<rows).map { !same($0, $0) }
        guard changed.contains(true) else { return nil }
        let blank = (0..<rows).map { isBlankRow(next, $0) }

        var best: ScrollPlan?
        var bestGain = minimumGain - 1
        for shift in 1..<rows {
            for direction in stride(from: 1, through: -1, by: -2) {
                let offset = shift * direction
                var runStart: Int?
                // Next row i shows previous row i + offset.
                let range = direction > 0 ? 0..<(rows - shift) : shift..<rows
                for i in range.lowerBound...range.upperBound {
                    let matches = i < range.upperBound && same(i, i + offset)
                    if matches {
                        if runStart == nil { runStart = i }
                        continue
                    }
                    guard let start = runStart else { continue }
                    runStart = nil
                    let end = i - 1
                    let plan = direction > 0
                        ? ScrollPlan(top: start, bottom: end + shift, shift: shift)
                        : ScrollPlan(top: start - shift, bottom: end, shift: -shift)
                    let gain = self.gain(plan, run: start...end, changed: changed, blank: blank)
                    if gain > bestGain {
                        bestGain = gain
                        best = plan
                    }
                }
            }
        }
        return best
    }

    /// Rows saved by the scroll minus rows it makes dirty (the lines it blanks).
    private static func gain(_ plan: ScrollPlan, run: ClosedRange<Int>, changed: [Bool], blank: [Bool]) -> Int {
        var gain = 0
        for i in run where changed[i] && !blank[i] { gain += 1 }
        let cleared = plan.shift > 0
            ? (plan.bottom - plan.shift + 1)...plan.bottom
            : plan.top...(plan.top - plan.shift - 1)
        for i in cleared where !changed[i] && !blank[i] { gain -= 1 }
        return gain
    }

    /// `frame` as the terminal shows it after the scroll: rows moved, new lines blank.
    static func apply(_ plan: ScrollPlan, to frame: Frame) -> Frame {
        var result = frame
        let columns = frame.columns
        for row in plan.top...plan.bottom {
            let source = row + plan.shift
            let inside = source >= plan.top && source <= plan.bottom
            for column in 0..<columns {
                result[row, column] = inside ? frame[source, column] : .blank()
            }
        }
        return result
    }

    static func rowCells(_ frame: Frame, _ row: Int) -> ArraySlice<Cell> {
        frame.cells[(row * frame.columns)..<((row + 1) * frame.columns)]
    }

    /// A cheap hash of a row's characters and flags (FNV-1a, one step per cell): equal rows
    /// hash equal, and `same` still compares the cells when hashes match, so rows that differ
    /// only in colour (rare among rows that moved) cost one comparison, not a wrong match.
    private static func rowHash(_ frame: Frame, _ row: Int) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for cell in rowCells(frame, row) {
            let value = UInt64(cell.content) | UInt64(cell.width) << 32 | UInt64(cell.attributes.flags.rawValue) << 40
            hash = (hash ^ value) &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    private static func isBlankRow(_ frame: Frame, _ row: Int) -> Bool {
        rowCells(frame, row).allSatisfy { ($0.content == 0 || $0.content == 0x20) && $0.attributes == .plain }
    }
}
