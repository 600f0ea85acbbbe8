import LibC

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

    /// The usual blank (no colours) is all zero bytes: cleared by the C library's memset, which
    /// uses the widest stores the machine has (a scrolled line is cleared whole every time).
    @inline(__always)
    func clear(_ range: Range<Int>, _ blank: StoredCell) {
        guard !range.isEmpty else { return }
        assert(range.lowerBound >= 0 && range.upperBound <= capacity, "cells \(range) outside a line of \(capacity)")
        if blank.content == 0 && blank.style == 0 {
            // memset on the raw bytes leaves the memory bound to StoredCell (unlike
            // initializeMemory(as: UInt8.self), which re-types it).
            _ = memset(UnsafeMutableRawPointer(cells + range.lowerBound), 0, range.count * MemoryLayout<StoredCell>.stride)
        } else {
            (cells + range.lowerBound).update(repeating: blank, count: range.count)
        }
    }
}
