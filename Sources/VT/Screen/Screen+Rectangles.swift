/// DEC rectangular area operations (VT420, DEC STD 070): copy, fill, erase, selective erase
/// and attribute changes over a block of cells. Rare and not on the printing path, so they
/// go cell by cell through the style table.
struct CellRectangle: Equatable {
    /// 0-based, inclusive, inside the screen; top <= bottom and left <= right.
    var top, left, bottom, right: Int
}

extension Screen {
    /// The rectangle `Pt;Pl;Pb;Pr` (1-based; 0 or missing = the page's edge), relative to the
    /// margins in origin mode and clipped to them (to the page otherwise); nil when empty.
    func rectangle(top t: Int, left l: Int, bottom b: Int, right r: Int) -> CellRectangle? {
        let rowOrigin = modes.origin ? top : 0
        let columnOrigin = modes.origin ? left : 0
        let rowLimit = modes.origin ? bottom : rows - 1
        let columnLimit = modes.origin ? right : columns - 1
        // A corner past the limits empties the rectangle (xterm); the far edges are clipped.
        // In origin mode xterm 379 turns a default top or left into the margin's own position
        // and then adds the margin again (XtermParityTests), so Drover does too.
        let top = (t == 0 ? 1 + rowOrigin : t) - 1 + rowOrigin
        let left = (l == 0 ? 1 + columnOrigin : l) - 1 + columnOrigin
        let bottom = min(b == 0 ? rowLimit : b - 1 + rowOrigin, rowLimit)
        let right = min(r == 0 ? columnLimit : r - 1 + columnOrigin, columnLimit)
        guard top <= bottom, left <= right else { return nil }
        return CellRectangle(top: top, left: left, bottom: bottom, right: right)
    }

    /// After cells `left...right` of row `r` changed: a wide character cut at either edge
    /// loses its other half.
    func repairWideEdges(row r: Int, left l: Int, right rr: Int) {
        let line = grid.row(r)
        if line[l].isSpacer && (l == 0 || !line[l - 1].isWide) { line[l] = .blank(line[l].style) }
        if l > 0 && line[l - 1].isWide && !line[l].isSpacer { line[l - 1] = .blank(line[l - 1].style) }
        if line[rr].isWide && (rr + 1 >= columns || !line[rr + 1].isSpacer) { line[rr] = .blank(line[rr].style) }
        if rr + 1 < columns && line[rr + 1].isSpacer && !line[rr].isWide { line[rr + 1] = .blank(line[rr + 1].style) }
        if rr + 1 >= columns || l == 0 { grid.setWrapped(r, false) }
        grid.touch(r)
    }

    /// DECCRA: the cells of `source` copied (text and rendition) with their top-left corner at
    /// `row`/`column` (already absolute), clipped to the page. Overlapping copies read first.
    /// A wide character cut by the page's right edge keeps its left half in the last column.
    /// (XtermParityWideEdgeTests)
    func copyRectangle(_ source: CellRectangle, toRow destinationRow: Int, column destinationColumn: Int) {
        guard destinationRow < rows, destinationColumn < columns else { return }
        let height = min(source.bottom - source.top, rows - 1 - destinationRow) + 1
        let width = min(source.right - source.left, columns - 1 - destinationColumn) + 1
        var copied: [StoredCell] = []
        copied.reserveCapacity(height * width)
        for r in 0..<height {
            let line = grid.row(source.top + r)
            for c in 0..<width {
                // As xterm: a copied blank is a written one, and so is a left half kept alone
                // (it lives only in the last column; xterm 379 copies it as a blank).
                let cell = line[source.left + c]
                let blank = cell.scalar == 0 && !cell.isSpacer || cell.isLeftAlone
                copied.append(blank ? StoredCell(content: 0x20, style: cell.style) : cell)
            }
        }
        let clippedAtTheEdge = destinationColumn + width == columns
        for r in 0..<height {
            let line = grid.row(destinationRow + r)
            for c in 0..<width { line[destinationColumn + c] = copied[r * width + c] }
            // A left half copied to the right edge without its right half stays alone in the
            // last column and becomes a written blank elsewhere, as in xterm 379.
            let edge = destinationColumn + width - 1
            if line[edge].isWide && (clippedAtTheEdge || !line[edge + 1].isSpacer) {
                line[edge] = clippedAtTheEdge ? line[edge].leftAlone : StoredCell(content: 0x20, style: line[edge].style)
            }
            repairWideEdges(row: destinationRow + r, left: destinationColumn, right: destinationColumn + width - 1)
        }
    }

    /// DECFRA: every cell of the rectangle becomes `scalar` in the current rendition, except
    /// that it is never invisible (xterm leaves SGR 8 out of the fill).
    func fillRectangle(_ area: CellRectangle, with scalar: UInt32) {
        var attributes = pen
        attributes.flags.remove(.hidden)
        let cell = StoredCell(content: scalar, style: style(for: attributes))
        for r in area.top...area.bottom {
            let line = grid.row(r)
            prepareOverwrite(line, area.left, area.right + 1)
            (line + area.left).update(repeating: cell, count: area.right - area.left + 1)
            repairWideEdges(row: r, left: area.left, right: area.right)
        }
    }

    /// DECERA blanks every cell of the rectangle with written blanks in the current rendition
    /// (xterm 379 keeps the pen's bold, underline, blink and inverse on them, which its
    /// DECRQCRA counts; DECSCA protection is not given); DECSERA (`selective`) only the
    /// characters of cells DECSCA did not protect, keeping their rendition, as xterm does.
    func eraseRectangle(_ area: CellRectangle, selective: Bool) {
        for r in area.top...area.bottom {
            guard selective else {
                var attributes = pen
                attributes.flags.remove(.protected)
                let blank = StoredCell(content: 0x20, style: style(for: attributes))
                let line = grid.row(r)
                prepareOverwrite(line, area.left, area.right + 1)
                (line + area.left).update(repeating: blank, count: area.right - area.left + 1)
                repairWideEdges(row: r, left: area.left, right: area.right)
                continue
            }
            let line = grid.row(r)
            prepareOverwrite(line, area.left, area.right + 1)
            for c in area.left...area.right where !styles[line[c].style].flags.contains(.protected) {
                line[c] = StoredCell(content: 0x20, style: line[c].style)
            }
            repairWideEdges(row: r, left: area.left, right: area.right)
        }
    }

    /// Blanks cells `range` of row `r` (as `erase` does); with `selective`, protected cells stay.
    func eraseCells(row r: Int, _ range: ClosedRange<Int>, selective: Bool, written: Bool) {
        guard selective else { return erase(row: r, range.lowerBound..<(range.upperBound + 1), written: written, keepRendition: true) }
        let line = grid.row(r)
        // As xterm: blanks left of the last protected cell count as written, the rest as `written` says.
        let lastProtected = range.last { styles[line[$0].style].flags.contains(.protected) } ?? -1
        let tail = written ? writtenBlank : eraseCell
        for c in range where !styles[line[c].style].flags.contains(.protected) {
            let blank = c < lastProtected ? writtenBlank : tail
            if line[c].isWide && c + 1 < columns && c + 1 > range.upperBound { line[c + 1] = blank }
            if line[c].isSpacer && c > 0 && c - 1 < range.lowerBound { line[c - 1] = blank }
            line[c] = blank
        }
        repairWideEdges(row: r, left: range.lowerBound, right: range.upperBound)
    }

    /// DECCARA / DECRARA: `change` applied to the rendition of each cell of the area, which
    /// is the rectangle, or with `stream` the text from its top-left to its bottom-right
    /// corner running through whole lines between (DECSACE).
    func changeAttributes(_ area: CellRectangle, stream: Bool, _ change: (inout Attributes) -> Void) {
        var cache: [UInt32: UInt32] = [:]
        for r in area.top...area.bottom {
            let first = stream && r > area.top ? 0 : area.left
            let last = stream && r < area.bottom ? columns - 1 : area.right
            guard first <= last else { continue }
            let line = grid.row(r)
            for c in first...last {
                let old = line[c].style
                if let new = cache[old] {
                    line[c].style = new
                    continue
                }
                var attributes = styles[old]
                change(&attributes)
                let before = styles.count
                let new = style(for: attributes)
                if styles.count < before { cache.removeAll() }   // compacted: old numbers changed
                cache[old] = new
                line[c].style = new
            }
            grid.touch(r)
        }
    }
}
