import VT

/// Turns one host's screen into `HistoryRow`s for a snapshot, converting only the rows whose
/// version moved since the last capture (the rest are the previous capture's rows), so the
/// cost of a snapshot follows what changed on screen, like a render does.
public struct ScreenCapture {
    private var frame: Frame?
    private var rows: [HistoryRow] = []

    public init() {}

    /// The alternate screen's rows now, or nil while the main screen is shown (nothing is
    /// converted then: the main screen has its scrollback).
    public mutating func captureAlternate(_ terminal: Terminal) -> [HistoryRow]? {
        guard terminal.showsAlternateScreen else {
            frame = nil
            rows = []
            return nil
        }
        return capture(terminal).rows
    }

    /// The visible screen's rows now, and whether it is the alternate screen.
    public mutating func capture(_ terminal: Terminal) -> (rows: [HistoryRow], alternate: Bool) {
        guard var current = frame, current.columns == terminal.columns, current.rows == terminal.rows,
              rows.count == terminal.rows else {
            let fresh = terminal.frame()
            rows = (0..<fresh.rows).map { Self.row(fresh, $0, wrapped: terminal.isWrapped(row: $0)) }
            frame = fresh
            return (rows, fresh.alternateScreen)
        }
        frame = nil  // keep the cell storage unshared while it is updated in place
        let before = current.rowVersions
        let wasAlternate = current.alternateScreen
        terminal.update(&current)
        for r in 0..<current.rows where before[r] != current.rowVersions[r] || wasAlternate != current.alternateScreen {
            rows[r] = Self.row(current, r, wrapped: terminal.isWrapped(row: r))
        }
        frame = current
        return (rows, current.alternateScreen)
    }

    static func row(_ frame: Frame, _ r: Int, wrapped: Bool) -> HistoryRow {
        let start = r * frame.columns
        return HistoryRow(cells: frame.cells[start..<(start + frame.columns)], clusterTable: frame.clusters,
                          wrapped: wrapped)
    }
}
