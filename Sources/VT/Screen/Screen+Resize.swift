/// Resizing. The choice: when the width changes, the primary screen and its history are
/// reflowed (Screen+Reflow: autowrapped rows are joined and wrapped again at the new width).
/// The alternate screen, and the primary screen when only the height changes, keep their rows:
/// lines are cut or padded at the right; when rows shrink, blank lines below the cursor are
/// dropped first, then lines leave through the top (into the primary screen's history) so the
/// cursor row stays visible; when rows grow on the primary screen, history lines come back at
/// the top (as xterm does), otherwise blank lines are added.
extension Screen {
    func resize(columns newColumns: Int, rows newRows: Int) {
        let newColumns = max(1, newColumns)
        let newRows = max(1, newRows)
        guard newColumns != columns || newRows != rows else { return }
        if newColumns != columns {
            // A pending wrap means the cursor really is one past the last character.
            let old = isAlternate ? (savedPrimary.row, savedPrimary.column)
                                  : (row, column + (pendingWrap ? 1 : 0))
            let moved = reflowPrimary(columns: newColumns, rows: newRows, cursor: old)
            if isAlternate {
                (savedPrimary.row, savedPrimary.column) = moved
            } else {
                (row, column) = moved
            }
        } else {
            let shift = resizeGrid(primary, columns: newColumns, rows: newRows, history: history,
                                   cursorRow: isAlternate ? savedPrimary.row : row)
            if isAlternate { savedPrimary.row += shift } else { row += shift }
        }
        let altShift = resizeGrid(alternate, columns: newColumns, rows: newRows, history: nil,
                                  cursorRow: isAlternate ? row : savedAlternate.row)
        if isAlternate { row += altShift } else { savedAlternate.row += altShift }
        columns = newColumns
        rows = newRows
        row = min(max(row, 0), rows - 1)
        column = min(column, columns - 1)
        for i in [0, 1] {
            var saved = i == 0 ? savedPrimary : savedAlternate
            saved.row = min(max(saved.row, 0), rows - 1)
            saved.column = min(saved.column, columns - 1)
            if i == 0 { savedPrimary = saved } else { savedAlternate = saved }
        }
        pendingWrap = false
        var stops = tabStops
        if stops.count > columns {
            stops.removeLast(stops.count - columns)
        } else {
            for c in stops.count..<columns { stops.append(c % 8 == 0 && c > 0) }
        }
        tabStops = stops
        resetMargins()
    }

    /// Rebuilds one grid at the new size; returns how far the cursor's row moved (negative
    /// when lines left through the top).
    private func resizeGrid(_ g: Grid, columns newColumns: Int, rows newRows: Int,
                            history: Scrollback?, cursorRow: Int) -> Int {
        let oldColumns = g.columns
        var lines = g.takeLines()
        var shift = 0
        // Fewer rows: drop blank lines below the cursor, then push lines out at the top.
        while lines.count > newRows {
            let last = lines.count - 1
            if last > cursorRow + shift && isBlank(lines[last], oldColumns) {
                lines.removeLast().free()
                continue
            }
            let first = lines.removeFirst()
            shift -= 1
            history?.push(first, width: oldColumns)
            first.free()
        }
        lines = lines.map { fitted($0, from: oldColumns, to: newColumns) }
        // More rows: history comes back on the primary screen, blanks otherwise.
        while lines.count < newRows {
            if let history, let entry = history.popNewest() {
                lines.insert(fitted(entry.line, from: entry.width, to: newColumns), at: 0)
                shift += 1
            } else {
                lines.append(Line.allocate(columns: newColumns))
            }
        }
        g.replace(columns: newColumns, rows: newRows, lines: lines)
        return shift
    }

    /// `line` used at `old` columns, made usable at `new` columns (cut or padded with blanks).
    private func fitted(_ line: Line, from old: Int, to new: Int) -> Line {
        var line = line
        if new > line.capacity {
            let bigger = Line.allocate(columns: new)
            bigger.cells.update(from: line.cells, count: min(old, line.capacity))
            bigger.clear(min(old, line.capacity)..<new, .blank(0))
            var result = bigger
            result.wrapped = line.wrapped
            line.free()
            line = result
        } else if new > old {
            line.clear(old..<new, .blank(0))
        }
        if new > old && old > 0 && line.cells[old - 1].isLeftAlone {
            // A left half kept alone lives only in the last column (StoredCell).
            line.cells[old - 1] = StoredCell(content: 0x20, style: line.cells[old - 1].style)
        }
        if new < old {
            // A wide character cut by the new edge loses its first half.
            if line.cells[new - 1].isWide { line.cells[new - 1] = .blank(line.cells[new - 1].style) }
            line.wrapped = false
        }
        return line
    }

    private func isBlank(_ line: Line, _ width: Int) -> Bool {
        for c in 0..<min(width, line.capacity) where line.cells[c] != .blank(0) {
            return false
        }
        return true
    }
}
