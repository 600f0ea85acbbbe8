/// Reflow of the primary screen when the width changes: rows joined by autowrap form one
/// logical line, which is wrapped again at the new width, history included. The cursor keeps
/// its place in its logical line; blank rows below it are dropped first, and rows pushed above
/// the screen go to the history. (The alternate screen is cut or padded instead: full-screen
/// programs redraw it on SIGWINCH anyway.)
extension Screen {
    /// One row of the result, before it becomes a `Line`.
    private struct Row {
        var cells: [StoredCell] = []
        var wrapped = false
    }

    /// Reflows `primary` and `history` to the new size; returns the cursor's new position.
    func reflowPrimary(columns newColumns: Int, rows newRows: Int,
                       cursor: (row: Int, column: Int)) -> (row: Int, column: Int) {
        let blank = StoredCell.blank(0)
        // 1. Every physical row, oldest first, taken out of the history and the grid.
        var physical: [(cells: [StoredCell], wrapped: Bool)] = []
        for entry in history.takeAll() {
            let width = min(entry.width, entry.line.capacity)
            physical.append((Array(UnsafeBufferPointer(start: entry.line.cells, count: width)), entry.line.wrapped))
            entry.line.free()
        }
        let cursorPhysical = physical.count + cursor.row
        let oldColumns = primary.columns
        for line in primary.takeLines() {
            physical.append((Array(UnsafeBufferPointer(start: line.cells, count: oldColumns)), line.wrapped))
            line.free()
        }
        // 2. Blank rows below the cursor are dropped.
        while physical.count - 1 > cursorPhysical, let last = physical.last,
              !last.wrapped, last.cells.allSatisfy({ $0 == blank }) {
            physical.removeLast()
        }
        // 3. Logical lines; the cursor becomes (line, offset).
        var logical: [[StoredCell]] = []
        var current: [StoredCell] = []
        var cursorLine = 0
        var cursorOffset = 0
        for (i, row) in physical.enumerated() {
            var cells = row.cells
            if row.wrapped, let last = cells.last, last.isWrapPad { cells.removeLast() }
            if i == cursorPhysical {
                cursorLine = logical.count
                cursorOffset = current.count + cursor.column
            }
            if !row.wrapped {
                while let last = cells.last, last == blank { cells.removeLast() }
            }
            current += cells
            if !row.wrapped || i == physical.count - 1 {
                logical.append(current)
                current = []
            }
        }
        // 4. Wrap each logical line at the new width.
        var rows: [Row] = []
        var newCursor = (row: 0, column: 0)
        for (index, var line) in logical.enumerated() {
            if index == cursorLine && line.count <= cursorOffset {
                line += Array(repeating: blank, count: cursorOffset + 1 - line.count)
            }
            var row = Row()
            var k = 0
            while k < line.count {
                let cell = line[k]
                let width = cell.isWide && newColumns >= 2 ? 2 : 1
                if row.cells.count + width > newColumns {
                    while row.cells.count < newColumns { row.cells.append(blank) }
                    row.wrapped = true
                    rows.append(row)
                    row = Row()
                }
                if index == cursorLine && k == cursorOffset {
                    newCursor = (rows.count, row.cells.count)
                }
                if cell.isSpacer {
                    k += 1
                    continue
                }
                if width == 2 {
                    row.cells.append(cell)
                    row.cells.append(StoredCell(content: StoredCell.spacerBit, style: cell.style))
                    if index == cursorLine && k + 1 == cursorOffset { newCursor = (rows.count, row.cells.count - 1) }
                    k += line.count > k + 1 && line[k + 1].isSpacer ? 2 : 1
                } else if cell.isLeftAlone && row.cells.count + 1 < newColumns {
                    // A left half kept alone lives only in the last column (StoredCell).
                    row.cells.append(StoredCell(content: 0x20, style: cell.style))
                    k += 1
                } else {
                    row.cells.append(cell.isWide ? .blank(cell.style) : cell)
                    k += 1
                }
            }
            rows.append(row)
        }
        // 5. The screen shows the last rows, with the cursor's row on it; the rest is history.
        var top = max(0, rows.count - newRows)
        top = min(top, newCursor.row)
        for row in rows[..<top] {
            var line = makeLine(row.cells, newColumns)
            line.wrapped = row.wrapped
            history.push(line, width: newColumns)
            line.free()
        }
        var screenLines: [Line] = []
        for row in rows[top..<min(rows.count, top + newRows)] {
            var line = makeLine(row.cells, newColumns)
            line.wrapped = row.wrapped
            screenLines.append(line)
        }
        while screenLines.count < newRows { screenLines.append(Line.allocate(columns: newColumns)) }
        primary.replace(columns: newColumns, rows: newRows, lines: screenLines)
        return (newCursor.row - top, min(newCursor.column, newColumns - 1))
    }

    private func makeLine(_ cells: [StoredCell], _ columns: Int) -> Line {
        let line = Line.allocate(columns: columns)
        cells.withUnsafeBufferPointer { source in
            line.cells.update(from: source.baseAddress!, count: min(columns, source.count))
        }
        return line
    }
}
