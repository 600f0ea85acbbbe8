/// What history mode reads beside frames: which rows autowrap continued on the next row (joined
/// when copied, so a long line comes out as the one line the program printed), and which screen
/// is shown.
extension Terminal {
    /// True while the alternate screen is shown (full-screen programs): history mode's rewind
    /// snapshots only that screen and can skip the main one without converting a row.
    public var showsAlternateScreen: Bool { screen.isAlternate }

    /// Whether visible row `row` (0-based) continued on the next one.
    public func isWrapped(row: Int) -> Bool {
        guard row >= 0, row < screen.grid.rows else { return false }
        return screen.grid.isWrapped(row)
    }
}

extension ScrollbackLines {
    /// Whether history line `position` continued on the next one.
    public func isWrapped(at position: Int) -> Bool {
        guard position >= 0, position < screen.history.count else { return false }
        return screen.history.isWrapped(position)
    }
}
