/// The cells of one screen (primary or alternate): `rows` lines of `columns` cells, each line
/// its own buffer so scrolling rotates line pointers, never cells. Every change to a row bumps
/// its version (`versions`), which is what the renderer uses as damage.
final class Grid {
    private(set) var columns: Int
    private(set) var rows: Int
    private(set) var lines: [Line]
    private(set) var versions: [UInt64]
    private var versionCounter: UInt64

    init(columns: Int, rows: Int, firstVersion: UInt64) {
        self.columns = columns
        self.rows = rows
        self.lines = (0..<rows).map { _ in Line.allocate(columns: columns) }
        self.versionCounter = firstVersion
        self.versions = Array(repeating: firstVersion, count: rows)
    }

    deinit {
        for line in lines { line.free() }
    }

    @inline(__always)
    func row(_ r: Int) -> UnsafeMutablePointer<Cell> { lines[r].cells }

    @inline(__always)
    func touch(_ r: Int) {
        versionCounter &+= 1
        versions[r] = versionCounter
    }

    func touch(rows range: ClosedRange<Int>) {
        for r in range { touch(r) }
    }

    func setWrapped(_ r: Int, _ value: Bool) { lines[r].wrapped = value }
    func isWrapped(_ r: Int) -> Bool { lines[r].wrapped }

    /// Blanks `columns` of row `r`.
    func clear(row r: Int, _ range: Range<Int>, _ blank: Cell) {
        lines[r].clear(range, blank)
        if range.lowerBound == 0 && range.upperBound >= columns { lines[r].wrapped = false }
        touch(r)
    }

    func clearAll(_ blank: Cell) {
        for r in 0..<rows { clear(row: r, 0..<columns, blank) }
    }

    /// Scrolls rows `top...bottom` up by `count` (full width). Each line leaving the top goes
    /// to `evict`, which returns a buffer to reuse (or nil to reuse the evicted one).
    func scrollUp(top: Int, bottom: Int, count: Int, blank: Cell, evict: ((Line) -> Line?)? = nil) {
        let n = min(count, bottom - top + 1)
        guard n > 0 else { return }
        for _ in 0..<n {
            var line = lines[top]
            if let evict, let replacement = evict(line) { line = replacement }
            var r = top
            while r < bottom { lines[r] = lines[r + 1]; r += 1 }
            line.clear(0..<columns, blank)
            line.wrapped = false
            lines[bottom] = line
        }
        touch(rows: top...bottom)
    }

    /// Scrolls rows `top...bottom` down by `count` (full width), blank lines entering at the top.
    func scrollDown(top: Int, bottom: Int, count: Int, blank: Cell) {
        let n = min(count, bottom - top + 1)
        guard n > 0 else { return }
        for _ in 0..<n {
            let line = lines[bottom]
            var r = bottom
            while r > top { lines[r] = lines[r - 1]; r -= 1 }
            line.clear(0..<columns, blank)
            lines[top] = line
            lines[top].wrapped = false
        }
        touch(rows: top...bottom)
    }

    /// Copies a row's cells out (for frames and tests).
    func cells(of r: Int) -> UnsafeBufferPointer<Cell> {
        UnsafeBufferPointer(start: lines[r].cells, count: columns)
    }

    /// Replaces the whole content: `newLines` must hold `rows` lines at least `columns` wide.
    func replace(columns: Int, rows: Int, lines newLines: [Line]) {
        for line in lines { line.free() }
        self.columns = columns
        self.rows = rows
        self.lines = newLines
        self.versions = Array(repeating: 0, count: rows)
        touch(rows: 0...max(0, rows - 1))
    }

    /// Hands the lines over to the caller (who frees or reuses them) and leaves the grid empty
    /// until `replace` is called.
    func takeLines() -> [Line] {
        let taken = lines
        lines = []
        return taken
    }
}
