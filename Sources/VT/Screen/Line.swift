/// One row of cells in manually managed storage, so that scrolling moves a pointer between
/// the grid and the scrollback instead of copying cells.
struct Line {
    var cells: UnsafeMutablePointer<Cell>
    /// Cells allocated (at least the width the line is used at).
    var capacity: Int
    /// The row ended because autowrap continued it on the next row (used by reflow).
    var wrapped = false

    static func allocate(columns: Int, blank: Cell = .blank()) -> Line {
        let capacity = max(columns, 1)
        let cells = UnsafeMutablePointer<Cell>.allocate(capacity: capacity)
        cells.initialize(repeating: blank, count: capacity)
        return Line(cells: cells, capacity: capacity)
    }

    func free() {
        cells.deinitialize(count: capacity)
        cells.deallocate()
    }

    @inline(__always)
    func clear(_ range: Range<Int>, _ blank: Cell) {
        guard !range.isEmpty else { return }
        (cells + range.lowerBound).update(repeating: blank, count: range.count)
    }
}
