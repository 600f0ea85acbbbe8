/// Cursor movement and tab stops.
extension Screen {
    func carriageReturn() {
        column = leftLimit
        pendingWrap = false
    }

    /// BS: one column left; after a pending wrap xterm 379 also steps back from the last column.
    func backspace() {
        pendingWrap = false
        if reverseWrapping { return reverseWrapBack(1) }
        if column > leftLimit || (column > 0 && column < left) { column -= 1 }
    }

    /// LF, VT, FF (and NEL without the CR part).
    func lineFeed() {
        pendingWrap = false
        index()
        if modes.newLine { column = leftLimit }
    }

    /// CUU: up, stopping at the top margin when starting inside the region.
    func cursorUp(_ n: Int) {
        let stop = row >= top ? top : 0
        row = max(stop, row - n)
        pendingWrap = false
    }

    /// CUD: down, stopping at the bottom margin when starting inside the region.
    func cursorDown(_ n: Int) {
        let stop = row <= bottom ? bottom : rows - 1
        row = min(stop, row + n)
        pendingWrap = false
    }

    func cursorForward(_ n: Int) {
        column = min(rightLimit, column + n)
        pendingWrap = false
    }

    func cursorBackward(_ n: Int) {
        if reverseWrapping { return reverseWrapBack(n) }
        let stop = column >= left ? left : 0
        column = max(stop, column - n)
        pendingWrap = false
    }

    /// CUP/HVP: 1-based, relative to the margins in origin mode, clamped.
    func moveTo(row r: Int, column c: Int) {
        moveTo(row: r)
        moveTo(column: c)
    }

    /// CHA/HPA: absolute column (1-based, origin-relative).
    @inline(__always)
    func moveTo(column c: Int) {
        if modes.origin {
            column = min(max(left + c - 1, left), right)
        } else {
            column = min(max(c - 1, 0), columns - 1)
        }
        pendingWrap = false
    }

    /// VPA: absolute row (1-based, origin-relative).
    @inline(__always)
    func moveTo(row r: Int) {
        if modes.origin {
            row = min(max(top + r - 1, top), bottom)
        } else {
            row = min(max(r - 1, 0), rows - 1)
        }
        pendingWrap = false
    }

    /// HT / CHT: to the next tab stop, stopping at the right margin (with DECLRMM on, even from
    /// beyond it, which moves the cursor back to the margin as xterm 379 does). Like DEC's
    /// terminals and xterm, a tab keeps a pending wrap: the next character still wraps.
    func tabForward(_ n: Int) {
        let limit = right
        var c = column
        for _ in 0..<max(1, n) {
            c += 1
            while c < limit && !tabStops[c] { c += 1 }
            if c >= limit { c = limit; break }
        }
        column = c
    }

    /// CBT: to the previous tab stop, stopping at the left margin in origin mode when starting
    /// between the margins, else at the first column even from inside them (xterm 379); a
    /// pending wrap stays, as for HT.
    func tabBackward(_ n: Int) {
        let stop = modes.origin && column >= left && column <= right ? left : 0
        var c = column
        for _ in 0..<max(1, n) {
            c -= 1
            while c > stop && !tabStops[c] { c -= 1 }
            if c <= stop { c = stop; break }
        }
        column = max(c, 0)
    }

    /// HTS.
    func setTabStop() { tabStops[column] = true }

    /// TBC 0 (at the cursor) and 3 (all).
    func clearTabStop(_ mode: Int) {
        switch mode {
        case 0: tabStops[column] = false
        case 3: tabStops = Array(repeating: false, count: columns)
        default: break
        }
    }
}
