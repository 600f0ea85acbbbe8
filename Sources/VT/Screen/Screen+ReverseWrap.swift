/// Reverse wraparound (`?45`, and xterm's `?1045`): with autowrap on, BS and CUB at the left
/// margin continue at the right margin of the row above, and from the top row to the bottom
/// one, as xterm 379 does (it wraps whether or not the row above was wrapped).
extension Screen {
    var reverseWrapping: Bool {
        modes.autowrap && (modes.reverseWraparound || modes.extendedReverseWraparound)
    }

    /// Moves `count` cells left, wrapping rows as described above.
    func reverseWrapBack(_ count: Int) {
        pendingWrap = false
        let leftStop = column >= left ? left : 0
        let rightStop = column <= right ? right : columns - 1
        let width = rightStop - leftStop + 1
        let rowTop = row >= top ? top : 0
        let rowBottom = row <= bottom ? bottom : rows - 1
        let height = rowBottom - rowTop + 1
        // Linear position inside the region, moved back and wrapped around its size.
        let position = (row - rowTop) * width + (column - leftStop)
        let size = width * height
        let target = ((position - count) % size + size) % size
        row = rowTop + target / width
        column = leftStop + target % width
    }
}
