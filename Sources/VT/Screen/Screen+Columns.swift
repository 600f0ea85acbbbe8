/// Column editing inside the scroll region and left/right margins (VT420): DECIC, DECDC,
/// DECBI and DECFI.
extension Screen {
    /// True when the cursor is inside both pairs of margins (column edits do nothing outside).
    private var insideMargins: Bool {
        row >= top && row <= bottom && column >= left && column <= right
    }

    /// Shifts columns `from...right` of every row of the scroll region by `count`: to the
    /// right (blanks entering at `from`) or to the left (blanks entering at the right margin).
    private func shiftColumns(from start: Int, by count: Int, rightwards: Bool) {
        let n = min(count, right - start + 1)
        let moving = right - start + 1 - n
        let blank = rightwards ? writtenBlank : eraseCell   // as xterm: inserted blanks count as written
        for r in top...bottom {
            let line = grid.row(r)
            if rightwards {
                // Inserting inside a wide character erases it, its rendition with it: when the
                // row shifts both halves are never-written blanks with the pen's colours (xterm
                // 379's DECRQCRA; ICH leaves written ones), at the margin the left half a
                // written blank keeping it.
                if start > 0 && line[start].isSpacer {
                    let style = line[start - 1].style
                    line[start - 1] = moving > 0 ? eraseCell : StoredCell(content: 0x20, style: style)
                    line[start] = eraseCell
                }
                if moving > 0 { (line + start + n).update(from: line + start, count: moving) }
                (line + start).update(repeating: blank, count: n)
                // A wide character pushed across the margin loses its left half, rendition and
                // all (xterm 379, as ICH).
                if moving > 0 && line[right].isWide && (right + 1 >= columns || !line[right + 1].isSpacer) {
                    line[right] = eraseCell
                }
            } else {
                // Read before the shift: a right half deleted at `start` leaves its left half
                // alone even when the next character's right half moves in after it.
                let cutsLeftHalf = start > 0 && line[start].isSpacer && line[start - 1].isWide
                let lone = right == columns - 1 && line[right].isLeftAlone
                if moving > 0 { (line + start).update(from: line + start + n, count: moving) }
                (line + right + 1 - n).update(repeating: blank, count: n)
                // A left half kept alone lives only in the last column; moved off it, it goes
                // (xterm 379 drops it: never written).
                if lone && moving > 0 { line[right - n] = .blank(line[right - n].style) }
                // The left half of a wide character whose right half was deleted is erased, its
                // rendition with it (xterm 379's DECRQCRA then skips it).
                if cutsLeftHalf || (start > 0 && line[start - 1].isWide && !line[start].isSpacer) { line[start - 1] = blank }
                // A right half shifted to `start` is erased, rendition and all: only the pen's
                // colours stay (xterm 379: bold `中`, DECDC on its left half, counts nothing).
                if line[start].isSpacer && (start == 0 || !line[start - 1].isWide) { line[start] = blank }
            }
            repairWideEdges(row: r, left: start, right: right)
        }
    }

    /// DECIC: `count` blank columns inserted at the cursor column. A pending wrap stays, as
    /// in xterm 379 (`中` ending in the last column, DECIC, then `Z` goes to the next line).
    func insertColumns(_ count: Int) {
        guard insideMargins else { return }
        shiftColumns(from: column, by: count, rightwards: true)
    }

    /// DECDC: `count` columns deleted at the cursor column; a pending wrap stays (as DECIC).
    func deleteColumns(_ count: Int) {
        guard insideMargins else { return }
        shiftColumns(from: column, by: count, rightwards: false)
    }

    /// DECBI: the cursor moves left; at the left margin the region's text moves right instead.
    func backIndex() {
        pendingWrap = false
        if column == left {
            guard insideMargins else { return }
            shiftColumns(from: left, by: 1, rightwards: true)
        } else if column > 0 {
            column -= 1
        }
    }

    /// DECFI: the cursor moves right; at the right margin the region's text moves left instead.
    func forwardIndex() {
        pendingWrap = false
        if column == right {
            guard insideMargins else { return }
            shiftColumns(from: left, by: 1, rightwards: false)
        } else if column < columns - 1 {
            column += 1
        }
    }
}
