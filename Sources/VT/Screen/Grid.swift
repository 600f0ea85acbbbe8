/// The cells of one screen (primary or alternate): `rows` lines of `columns` cells, each line
/// its own buffer so scrolling rotates line pointers, never cells. The lines are a ring
/// (`origin` is row 0's slot), so a whole-screen scroll moves no line at all, only the origin.
/// Every change to a row bumps its version (`versions`), which is what the renderer uses as damage.
///
/// Storage is manual (unsafe pointers) so the hot paths pay no uniqueness or exclusivity checks.
/// Row and column bounds are checked by `assert` only: debug builds and the fuzz targets
/// (built with `-assert-config Debug`) trap on a bad index, release builds pay nothing.
final class Grid {
    /// Everything the hot paths touch, in manually allocated memory (no exclusivity checks).
    private struct State {
        var columns: Int
        var rows: Int
        var lines: UnsafeMutablePointer<Line>
        /// The slot of row 0 in `lines`.
        var origin: Int
        var versions: UnsafeMutablePointer<UInt64>
        var counter: UInt64
    }

    private let state: UnsafeMutablePointer<State>

    var columns: Int { state.pointee.columns }
    var rows: Int { state.pointee.rows }
    private var lines: UnsafeMutablePointer<Line> { state.pointee.lines }
    private var versionStorage: UnsafeMutablePointer<UInt64> { state.pointee.versions }

    init(columns: Int, rows: Int, firstVersion: UInt64) {
        let lines = UnsafeMutablePointer<Line>.allocate(capacity: rows)
        for r in 0..<rows { (lines + r).initialize(to: Line.allocate(columns: columns)) }
        let versions = UnsafeMutablePointer<UInt64>.allocate(capacity: rows)
        versions.initialize(repeating: firstVersion, count: rows)
        state = .allocate(capacity: 1)
        state.initialize(to: State(columns: columns, rows: rows, lines: lines, origin: 0, versions: versions,
                                   counter: firstVersion))
    }

    deinit {
        for r in 0..<rows { lines[r].free() }
        lines.deinitialize(count: rows)
        lines.deallocate()
        versionStorage.deallocate()
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// Row `r`'s line.
    @inline(__always)
    private func line(_ r: Int) -> UnsafeMutablePointer<Line> {
        let rows = state.pointee.rows
        var slot = state.pointee.origin + r
        if slot >= rows { slot -= rows }
        return state.pointee.lines + slot
    }

    /// Puts row 0 back in slot 0, so a region's rows lie in order and move with one memmove.
    /// Only when scrolling switches from the whole screen to a region: O(rows) in place (a
    /// rotation by three reversals), then free.
    private func straighten() {
        let origin = state.pointee.origin
        guard origin != 0 else { return }
        var all = UnsafeMutableBufferPointer(start: lines, count: rows)
        all[..<origin].reverse()
        all[origin...].reverse()
        all.reverse()
        state.pointee.origin = 0
    }

    /// One version per row, as the frame reports them.
    var versions: [UInt64] { Array(UnsafeBufferPointer(start: versionStorage, count: rows)) }

    /// Row `r`'s version, without copying the others.
    @inline(__always)
    func version(_ r: Int) -> UInt64 { versionStorage[r] }

    @inline(__always)
    func row(_ r: Int) -> UnsafeMutablePointer<StoredCell> {
        assertRow(r)
        return line(r).pointee.cells
    }

    @inline(__always)
    func touch(_ r: Int) {
        assertRow(r)
        let next = state.pointee.counter &+ 1
        state.pointee.counter = next
        versionStorage[r] = next
    }

    /// Each row of `range` gets its own new version, in order. Written as counter + offset, not
    /// a running counter, so it vectorises: a whole-screen scroll pays this for every row.
    @inline(__always)
    func touch(rows range: ClosedRange<Int>) {
        assert(range.lowerBound >= 0 && range.upperBound < rows, "rows \(range) outside a grid of \(rows)")
        let counter = state.pointee.counter
        let count = range.upperBound - range.lowerBound + 1
        let versions = versionStorage + range.lowerBound
        for k in 0..<count { versions[k] = counter &+ UInt64(truncatingIfNeeded: k &+ 1) }
        state.pointee.counter = counter &+ UInt64(truncatingIfNeeded: count)
    }

    /// Whether row `r` continued on the next row (autowrap).
    func isWrapped(_ r: Int) -> Bool {
        assertRow(r)
        return line(r).pointee.wrapped
    }

    /// A change moves the row's version: history snapshots re-read a row only when it moved.
    func setWrapped(_ r: Int, _ value: Bool) {
        assertRow(r)
        guard line(r).pointee.wrapped != value else { return }
        line(r).pointee.wrapped = value
        touch(r)
    }

    /// Blanks `range` of row `r`.
    func clear(row r: Int, _ range: Range<Int>, _ blank: StoredCell) {
        assertRow(r)
        assert(range.lowerBound >= 0 && range.upperBound <= columns, "columns \(range) outside a row of \(columns)")
        line(r).pointee.clear(range, blank)
        if range.lowerBound == 0 && range.upperBound >= columns { line(r).pointee.wrapped = false }
        touch(r)
    }

    func clearAll(_ blank: StoredCell) {
        for r in 0..<rows { clear(row: r, 0..<columns, blank) }
    }

    /// Scrolls rows `top...bottom` up by `count` (full width). Each line leaving the top is
    /// stored in `history` (when given), which copies its cells out: the buffer is reused, so a
    /// scroll allocates nothing. A plain parameter rather than a closure, which cost a retain
    /// and a release of its context on every scrolled line.
    @inline(__always)
    func scrollUp(top: Int, bottom: Int, count: Int, blank: StoredCell, history: Scrollback? = nil) {
        let n = min(count, bottom - top + 1)
        guard n > 0 else { return }
        assert(top >= 0 && bottom < rows, "scroll region \(top)...\(bottom) outside a grid of \(rows)")
        let whole = top == 0 && bottom == rows - 1
        for _ in 0..<n {
            var leaving = line(top).pointee
            history?.push(leaving, width: columns)
            leaving.clear(0..<columns, blank)
            leaving.wrapped = false
            if whole {
                // Row 0's slot becomes the last row's: the ring turns by one.
                line(0).pointee = leaving
                state.pointee.origin = state.pointee.origin + 1 == rows ? 0 : state.pointee.origin + 1
            } else {
                straighten()
                (lines + top).update(from: lines + top + 1, count: bottom - top)
                lines[bottom] = leaving
            }
        }
        touch(rows: top...bottom)
    }

    /// Scrolls rows `top...bottom` down by `count` (full width), blank lines entering at the top.
    func scrollDown(top: Int, bottom: Int, count: Int, blank: StoredCell) {
        let n = min(count, bottom - top + 1)
        guard n > 0 else { return }
        assert(top >= 0 && bottom < rows, "scroll region \(top)...\(bottom) outside a grid of \(rows)")
        let whole = top == 0 && bottom == rows - 1
        for _ in 0..<n {
            var entering = line(bottom).pointee
            entering.clear(0..<columns, blank)
            entering.wrapped = false
            if whole {
                // The last row's slot becomes row 0's: the ring turns back by one.
                state.pointee.origin = state.pointee.origin == 0 ? rows - 1 : state.pointee.origin - 1
            } else {
                straighten()
                var r = bottom
                while r > top { lines[r] = lines[r - 1]; r -= 1 }
            }
            line(top).pointee = entering
        }
        touch(rows: top...bottom)
    }

    /// A row's cells (valid until the grid changes).
    func cells(of r: Int) -> UnsafeBufferPointer<StoredCell> {
        assertRow(r)
        return UnsafeBufferPointer(start: line(r).pointee.cells, count: columns)
    }

    /// Replaces the whole content with `newLines` (`rows` lines at least `columns` wide),
    /// which the grid takes over. Call after `takeLines`.
    func replace(columns: Int, rows: Int, lines newLines: [Line]) {
        assert(rows > 0 && newLines.count == rows, "\(newLines.count) lines given for \(rows) rows")
        assert(newLines.allSatisfy { $0.capacity >= columns }, "a line narrower than \(columns) columns")
        lines.deallocate()
        versionStorage.deallocate()
        let fresh = UnsafeMutablePointer<Line>.allocate(capacity: rows)
        for (r, line) in newLines.enumerated() { (fresh + r).initialize(to: line) }
        let versions = UnsafeMutablePointer<UInt64>.allocate(capacity: rows)
        versions.initialize(repeating: 0, count: rows)
        state.pointee.columns = columns
        state.pointee.rows = rows
        state.pointee.lines = fresh
        state.pointee.origin = 0
        state.pointee.versions = versions
        touch(rows: 0...(rows - 1))
    }

    /// Hands the lines over to the caller, who must give the grid new ones with `replace`.
    func takeLines() -> [Line] {
        let taken = (0..<rows).map { line($0).pointee }
        lines.deinitialize(count: rows)
        return taken
    }

    /// Debug-only: `r` is a row of this grid and its line holds a full row of cells.
    @inline(__always)
    private func assertRow(_ r: Int) {
        assert(r >= 0 && r < rows, "row \(r) outside a grid of \(rows)")
        assert(line(r).pointee.capacity >= columns, "row \(r) holds \(line(r).pointee.capacity) cells, not \(columns)")
    }
}
