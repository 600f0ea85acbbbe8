/// Which rows autowrap continued on the next row: history mode joins such rows when it copies,
/// so a long line comes out as the one line the program printed.
extension Terminal {
    /// Whether visible row `row` (0-based) continued on the next one.
    public func isWrapped(row: Int) -> Bool {
        guard row >= 0, row < screen.grid.rows else { return false }
        return screen.grid.isWrapped(row)
    }
}

extension ScrollbackLines {
    /// Whether history line `position` continued on the next one.
    public func isWrapped(at position: Int) -> Bool {
        screen.history.line(position).line.wrapped
    }
}
