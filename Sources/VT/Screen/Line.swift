/// One row of cells in manually managed storage, so that scrolling moves a pointer between
/// the grid and the scrollback instead of copying cells.
struct Line {
    var cells: UnsafeMutablePointer<StoredCell>
    /// Cells allocated (at least the width the line is used at).
    var capacity: Int
    /// The row ended because autowrap continued it on the next row.
    var wrapped = false

    static func allocate(columns: Int, blank: StoredCell = .blank(0)) -> Line {
        let capacity = max(columns, 1)
        let cells = UnsafeMutablePointer<StoredCell>.allocate(capacity: capacity)
        cells.initialize(repeating: blank, count: capacity)
        return Line(cells: cells, capacity: capacity)
    }

    func free() {
        cells.deallocate()
    }

    @inline(__always)
    func clear(_ range: Range<Int>, _ blank: StoredCell) {
        guard !range.isEmpty else { return }
        assert(range.lowerBound >= 0 && range.upperBound <= capacity, "cells \(range) outside a line of \(capacity)")
        (cells + range.lowerBound).update(repeating: blank, count: range.count)
    }
}
