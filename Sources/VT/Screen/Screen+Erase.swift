/// Erasing and in-line editing: ED, EL, ECH, ICH, DCH, DECALN.
extension Screen {
    /// Blanks `range` of row `r` with the erase cell, splitting wide characters at the edges.
    /// `written` blanks are spaces, as xterm leaves them after ECH, EL 1, ICH and the
    /// rectangle erases: its checksum and print count them, unlike cells cleared to the end of
    /// a line or display, which xterm treats as never written.
    /// A wide character cut at the edges keeps its rendition for the rectangle erases
    /// (`keepRendition`); for ED, EL and ECH it loses it, keeping only the pen's colours
    /// and is never written (xterm 379, underlined `中`: ECH or EL on either half counts
    /// nothing for the other half in DECRQCRA).
    func erase(row r: Int, _ range: Range<Int>, written: Bool = false, keepRendition: Bool = false) {
        let lower = max(0, range.lowerBound)
        let upper = min(columns, range.upperBound)
        guard lower < upper else { return }
        let line = grid.row(r)
        if keepRendition {
            let cutsWideCharacter = lower > 0 && line[lower].isSpacer
            prepareOverwrite(line, lower, upper)
            // From a right half, an erase to the end leaves its left half never written too.
            if cutsWideCharacter && !written { line[lower - 1] = .blank(line[lower - 1].style) }
        } else {
            if lower > 0 && line[lower].isSpacer { line[lower - 1] = eraseCell }
            if upper < columns && line[upper].isSpacer { line[upper] = eraseCell }
        }
        (line + lower).update(repeating: written ? writtenBlank : eraseCell, count: upper - lower)
        if upper == columns { grid.setWrapped(r, false) }
        grid.touch(r)
    }

    /// A blank that counts as written (see `erase`): a space in the erase colours.
    var writtenBlank: StoredCell { StoredCell(content: 0x20, style: eraseCell.style) }

    /// ED 0/1/2 (3 clears the scrollback, handled by the caller).
    func eraseInDisplay(_ mode: Int) {
        pendingWrap = false
        switch mode {
        case 0:
            erase(row: row, column..<columns)
            if row + 1 < rows { for r in (row + 1)..<rows { erase(row: r, 0..<columns) } }
        case 1:
            for r in 0..<row { erase(row: r, 0..<columns) }
            erase(row: row, 0..<(column + 1), written: column + 1 < columns)
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
        // As for ECH: from the last column EL 1 clears the whole line, which xterm then treats
        // as never written.
        case 1: erase(row: row, 0..<(column + 1), written: column + 1 < columns)
        case 2: erase(row: row, 0..<columns)
        default: break
        }
    }

    /// ECH: `count` cells from the cursor blanked, the cursor stays.
    func eraseCharacters(_ count: Int) {
        pendingWrap = false
        // As xterm: an erase that reaches the end of the line leaves never-written cells.
        erase(row: row, column..<(column + min(count, columns)), written: column + count < columns)
    }

    /// ICH: blanks inserted at the cursor, the rest of the line (up to the right margin) shifts
    /// right. Outside the left/right margins nothing happens (as xterm).
    func insertBlanks(_ count: Int) {
        let limit = right
        guard column >= left, column <= limit else { return }
        let n = min(count, limit + 1 - column)
        let line = grid.row(row)
        let moving = limit + 1 - column - n
        if column > 0 && line[column].isSpacer {
            // Inserting inside a wide character erases it, as xterm 379 does: both halves are
            // written blanks without the rendition (the pen's colours), or, when nothing shifts
            // (at the margin), the left half a written blank keeping it.
            let style = line[column - 1].style
            line[column - 1] = moving > 0 ? writtenBlank : StoredCell(content: 0x20, style: style)
            line[column] = writtenBlank
        }
        if moving > 0 { (line + column + n).update(from: line + column, count: moving) }
        (line + column).update(repeating: writtenBlank, count: n)
        // A wide character pushed across the margin loses its left half too, rendition and all
        // (xterm 379 at a margin, and at the last column at widths not a multiple of 4).
        if moving > 0 && line[limit].isWide && (limit + 1 >= columns || !line[limit + 1].isSpacer) {
            line[limit] = eraseCell
        }
        repairRowEdges(line, column, limit)
        grid.touch(row)
        pendingWrap = false
    }

    /// DCH: `count` cells deleted at the cursor, the rest shifts left, blanks enter at the margin.
    func deleteCharacters(_ count: Int) {
        let limit = right
        guard column >= left, column <= limit else { return }   // outside the margins: nothing (xterm)
        let n = min(count, limit + 1 - column)
        let line = grid.row(row)
        let moving = limit + 1 - column - n
        // As xterm 379: the half of a wide character left at the cursor is a written blank,
        // or a never-written one when nothing shifts (the deletion reaches the margin).
        if column > 0 && line[column].isSpacer {   // without its rendition, only the pen's colours
            line[column - 1] = moving > 0 ? writtenBlank : eraseCell
        }
        let lone = limit == columns - 1 && line[limit].isLeftAlone
        if moving > 0 { (line + column).update(from: line + column + n, count: moving) }
        // A left half kept alone lives only in the last column: moved off it, it goes
        // (xterm 379 drops it, never written).
        if lone && moving > 0 { line[limit - n] = .blank(line[limit - n].style) }
        (line + limit + 1 - n).update(repeating: eraseCell, count: n)
        // A right half shifted to the cursor is a written blank with no rendition (xterm 379:
        // bold `中`, DCH on its left half, counts a plain space), only the pen's colours.
        if line[column].isSpacer && (column == 0 || !line[column - 1].isWide) {
            line[column] = StoredCell(content: 0x20, style: eraseCell.style)
        }
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
