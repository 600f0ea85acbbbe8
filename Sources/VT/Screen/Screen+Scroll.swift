/// Line feeds and scrolling inside the margins.
extension Screen {
    /// IND / LF: down one line, scrolling the region when at its bottom margin.
    @inline(__always)
    func index() {
        if row == bottom {
            if column >= left && column <= right {
                scrollUp(1)
            }
        } else if row < rows - 1 {
            row += 1
        }
    }

    /// RI: up one line, scrolling the region down when at its top margin.
    func reverseIndex() {
        pendingWrap = false
        if row == top {
            if column >= left && column <= right { scrollDown(1) }
        } else if row > 0 {
            row -= 1
        }
    }

    /// SU / scrolling: the region's content moves up `count` lines. Lines leaving the top of
    /// the full primary screen go to the scrollback.
    func scrollUp(_ count: Int) {
        guard count > 0 else { return }
        if hasFullWidthMargins {
            let blank = eraseCell
            if top == 0 && !isAlternate && history.limit > 0 {
                // `primary`, not `grid`: the computed choice costs a retain and release per line.
                primary.scrollUp(top: top, bottom: bottom, count: count, blank: blank, history: history)
            } else {
                grid.scrollUp(top: top, bottom: bottom, count: count, blank: blank)
            }
        } else {
            moveRectangle(up: true, count: count)
        }
    }

    /// SD: the region's content moves down `count` lines.
    func scrollDown(_ count: Int) {
        guard count > 0 else { return }
        if hasFullWidthMargins {
            grid.scrollDown(top: top, bottom: bottom, count: count, blank: eraseCell)
        } else {
            moveRectangle(up: false, count: count)
        }
    }

    /// Scrolls the columns `left...right` of rows `top...bottom` (left/right margins set).
    private func moveRectangle(up: Bool, count: Int) {
        let n = min(count, bottom - top + 1)
        let width = right - left + 1
        let blank = eraseCell
        // xterm 379 cuts `n` rows beyond the region on the side the content comes from too.
        let cutRows = up ? top...min(bottom + n, rows - 1) : max(top - n, 0)...bottom
        cutWideCharactersAtTheMargins(in: cutRows)
        if up {
            var r = top
            while r + n <= bottom {
                (grid.row(r) + left).update(from: grid.row(r + n) + left, count: width)
                r += 1
            }
            while r <= bottom { grid.row(r).advanced(by: left).update(repeating: blank, count: width); r += 1 }
        } else {
            var r = bottom
            while r - n >= top {
                (grid.row(r) + left).update(from: grid.row(r - n) + left, count: width)
                r -= 1
            }
            while r >= top { grid.row(r).advanced(by: left).update(repeating: blank, count: width); r -= 1 }
        }
        grid.touch(rows: cutRows)
    }

    /// Before a partial-row move: a wide character across a margin is cut, both halves becoming
    /// written blanks that keep their rendition (xterm 379: bold `中` across the right margin,
    /// SU inside DECSLRM, leaves a bold space on both sides; XtermParityWideEdgeTests). Done
    /// first, so a left half moved next to another row's right half never pairs with it.
    /// xterm also cuts the `n` rows just outside the region that a move of `n` lines reads
    /// from (below it scrolling up, above it scrolling down), though they do not move.
    private func cutWideCharactersAtTheMargins(in cutRows: ClosedRange<Int>) {
        func cut(_ line: UnsafeMutablePointer<StoredCell>, at c: Int) {
            guard c >= 0, c + 1 < columns, line[c].isWide, line[c + 1].isSpacer else { return }
            line[c] = StoredCell(content: 0x20, style: line[c].style)
            line[c + 1] = StoredCell(content: 0x20, style: line[c + 1].style)
        }
        for r in cutRows {
            cut(grid.row(r), at: left - 1)
            cut(grid.row(r), at: right)
        }
    }

    /// IL: blank lines inserted at the cursor row, inside the scroll region.
    func insertLines(_ count: Int) {
        guard row >= top && row <= bottom && column >= left && column <= right else { return }
        let savedTop = top
        top = row
        scrollDown(count)
        top = savedTop
        column = left
        pendingWrap = false
    }

    /// DL: lines deleted at the cursor row, blank lines entering at the region's bottom.
    func deleteLines(_ count: Int) {
        guard row >= top && row <= bottom && column >= left && column <= right else { return }
        let savedTop = top
        top = row
        if hasFullWidthMargins {
            grid.scrollUp(top: top, bottom: bottom, count: count, blank: eraseCell)
        } else {
            scrollUp(count)
        }
        top = savedTop
        column = left
        pendingWrap = false
    }
}
