/// Erasing and in-line editing: ED, EL, ECH, ICH, DCH, DECALN.
extension Screen {
    /// Blanks `range` of row `r` with the erase cell, splitting wide characters at the edges.
    func erase(row r: Int, _ range: Range<Int>) {
        let lower = max(0, range.lowerBound)
        let upper = min(columns, range.upperBound)
        guard lower < upper else { return }
        let line = grid.row(r)
        prepareOverwrite(line, lower, upper)
        (line + lower).update(repeating: eraseCell, count: upper - lower)
        if upper == columns { grid.setWrapped(r, false) }
        grid.touch(r)
    }

    /// ED 0/1/2 (3 clears the scrollback, handled by the caller).
    func eraseInDisplay(_ mode: Int) {
        pendingWrap = false
        switch mode {
        case 0:
            erase(row: row, column..<columns)
            if row + 1 < rows { for r in (row + 1)..<rows { erase(row: r, 0..<columns) } }
        case 1:
            for r in 0..<row { erase(row: r, 0..<columns) }
            erase(row: row, 0..<(column + 1))
        case 2:
            for r in 0..<rows { erase(row: r, 0..<columns) }
        default:
            break
        }
    }

    /// EL 0/1/2.
    func eraseInLine(_ mode: Int) {
        pendingWrap = false
        switch mode {
        case 0: erase(row: row, column..<columns)
        case 1: erase(row: row, 0..<(column + 1))
        case 2: erase(row: row, 0..<columns)
        default: break
        }
    }

    /// ECH: `count` cells from the cursor blanked, the cursor stays.
    func eraseCharacters(_ count: Int) {
        pendingWrap = false
        erase(row: row, column..<(column + min(count, columns)))
    }

    /// ICH: blanks inserted at the cursor, the rest of the line (up to the right margin) shifts right.
    func insertBlanks(_ count: Int) {
        let limit = rightLimit
        guard column <= limit else { return }
        let n = min(count, limit + 1 - column)
        let line = grid.row(row)
        let moving = limit + 1 - column - n
        if moving > 0 { (line + column + n).update(from: line + column, count: moving) }
        (line + column).update(repeating: eraseCell, count: n)
        repairRowEdges(line, column, limit)
        grid.touch(row)
        pendingWrap = false
    }

    /// DCH: `count` cells deleted at the cursor, the rest shifts left, blanks enter at the margin.
    func deleteCharacters(_ count: Int) {
        let limit = rightLimit
        guard column <= limit else { return }
        let n = min(count, limit + 1 - column)
        let line = grid.row(row)
        if column > 0 && line[column].isSpacer { line[column - 1] = .blank(line[column - 1].style) }
        let moving = limit + 1 - column - n
        if moving > 0 { (line + column).update(from: line + column + n, count: moving) }
        (line + limit + 1 - n).update(repeating: eraseCell, count: n)
        repairRowEdges(line, column, limit)
        grid.touch(row)
        pendingWrap = false
    }

    /// After a shift within `start...end`: orphaned wide halves at the edges become blanks.
    private func repairRowEdges(_ line: UnsafeMutablePointer<StoredCell>, _ start: Int, _ end: Int) {
        if line[start].isSpacer && (start == 0 || !line[start - 1].isWide) {
            line[start] = .blank(line[start].style)
        }
        if line[end].isWide && (end + 1 >= columns || !line[end + 1].isSpacer) {
            line[end] = .blank(line[end].style)
        }
        if end + 1 < columns && line[end + 1].isSpacer && !line[end].isWide {
            line[end + 1] = .blank(line[end + 1].style)
        }
    }

    /// DECALN: the screen filled with `E`, margins reset, cursor home.
    func alignmentTest() {
        resetMargins()
        let cell = StoredCell(content: 0x45, style: 0)
        for r in 0..<rows {
            grid.row(r).update(repeating: cell, count: columns)
            grid.setWrapped(r, false)
            grid.touch(r)
        }
        row = 0
        column = 0
        pendingWrap = false
    }

    /// ED 3: the scrollback is cleared.
    func clearHistory() {
        history.removeAll()
    }
}
