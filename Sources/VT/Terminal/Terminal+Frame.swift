extension Terminal {
    /// A snapshot of the visible screen for the renderer. Row versions change whenever a
    /// row's cells change, so equal versions at the same index mean an unchanged row.
    public func frame() -> Frame {
        let g = screen.grid
        var frame = Frame(columns: g.columns, rows: g.rows, cells: [])
        frame.cells.reserveCapacity(g.columns * g.rows)
        let styles = screen.styles
        for r in 0..<g.rows {
            for stored in g.cells(of: r) { frame.cells.append(stored.cell(styles)) }
        }
        frame.rowVersions = g.versions
        fillState(&frame)
        return frame
    }

    /// Like `frame()`, but converts only the rows whose version differs from `previous`
    /// (a frame taken earlier from this terminal); the rest are copied from it.
    public func frame(updating previous: Frame) -> Frame {
        var frame = previous
        update(&frame)
        return frame
    }

    /// Brings `frame` (taken earlier from this terminal) up to date in place: only rows whose
    /// version changed are converted, and when `frame` owns its storage nothing is allocated.
    /// This is what makes a render cost follow the damage, not the screen size.
    public func update(_ frame: inout Frame) {
        let g = screen.grid
        guard frame.columns == g.columns, frame.rows == g.rows,
              frame.cells.count == g.columns * g.rows, frame.rowVersions.count == g.rows else {
            frame = self.frame()
            return
        }
        let styles = screen.styles
        for r in 0..<g.rows {
            let version = g.version(r)
            if frame.rowVersions[r] == version { continue }
            frame.rowVersions[r] = version
            frame.cells.withUnsafeMutableBufferPointer { cells in
                var i = r * g.columns
                for stored in g.cells(of: r) {
                    cells[i] = stored.cell(styles)
                    i += 1
                }
            }
        }
        fillState(&frame)
    }

    private func fillState(_ frame: inout Frame) {
        frame.cursorRow = screen.row
        frame.cursorColumn = screen.column
        frame.cursorVisible = screen.modes.cursorVisible
        frame.cursorStyle = screen.cursorStyle
        frame.title = title
        frame.clusters = screen.clusters.strings
        frame.links = screen.links.strings
        frame.alternateScreen = screen.isAlternate
        frame.reverseVideo = screen.modes.reverseVideo
    }
}

/// Read access to the primary screen's history (oldest first). A view of the live
/// terminal: read it between feeds, do not keep it across them.
public struct ScrollbackLines: RandomAccessCollection {
    let screen: Screen

    public var startIndex: Int { 0 }
    public var endIndex: Int { screen.history.count }

    /// The cells of one history line, at the width it was written with.
    public subscript(position: Int) -> [Cell] {
        let entry = screen.history.line(position)
        defer { entry.line.free() }
        let styles = screen.styles
        return UnsafeBufferPointer(start: entry.line.cells, count: entry.width).map { $0.cell(styles) }
    }

    /// One history line as text (trailing blanks trimmed, wide characters once).
    public func text(at position: Int) -> String {
        var frame = Frame(columns: 0, rows: 0)
        frame.clusters = screen.clusters.strings
        var s = ""
        for cell in self[position] { s += frame.text(of: cell) }
        while s.last == " " { s.removeLast() }
        return s
    }
}
