import VT

/// Everything history mode can show for one host, frozen when the mode starts: the main
/// screen's scrollback (oldest first), then the rewind of past screens (each after a header
/// row saying how long ago it was), then the screen as it was on entry. Rows are shared with
/// the scrollback copy and the snapshot store, so freezing costs a list of references.
public struct HistoryDocument {
    public enum Kind: Equatable, Sendable {
        case scrollback, header, snapshot, screen
    }

    public private(set) var rows: [HistoryRow] = []
    public private(set) var kinds: [Kind] = []
    /// The width the screen had on entry (what the view draws at).
    public let columns: Int
    /// The screen's title on entry, kept on the local terminal while frozen.
    public var title = ""
    /// Where the screen's cursor was on entry, as a row of this document.
    public private(set) var cursorLine = 0
    public private(set) var cursorColumn = 0
    public private(set) var snapshotCount = 0
    /// The first row of the screen as it was on entry.
    public private(set) var screenStart = 0

    public var count: Int { rows.count }

    public init(columns: Int) {
        self.columns = columns
    }

    /// Freezes `terminal` (its scrollback and screen) with `snapshots` of it, oldest first.
    public init(terminal: Terminal, snapshots: [SnapshotStore.Snapshot], now: ContinuousClock.Instant) {
        self.init(columns: terminal.columns)
        let history = terminal.scrollback
        let frame = terminal.frame()
        for index in history.indices {
            append(HistoryRow(cells: history[index], clusterTable: frame.clusters,
                              wrapped: history.isWrapped(at: index)), .scrollback)
        }
        for (number, snapshot) in snapshots.enumerated() {
            let header = "── screen \(number + 1) of \(snapshots.count), \(Self.age(now - snapshot.taken)) ago "
            append(Self.header(header, columns: columns), .header)
            for row in snapshot.rows { append(row, .snapshot) }
        }
        snapshotCount = snapshots.count
        if !snapshots.isEmpty { append(Self.header("── now ", columns: columns), .header) }
        screenStart = rows.count
        for r in 0..<frame.rows { append(ScreenCapture.row(frame, r, wrapped: terminal.isWrapped(row: r)), .screen) }
        cursorLine = screenStart + min(frame.cursorRow, max(frame.rows - 1, 0))
        cursorColumn = frame.cursorColumn
        title = frame.title
    }

    /// Adds a row at the end (tests build documents this way).
    public mutating func append(_ row: HistoryRow, _ kind: Kind) {
        rows.append(row)
        kinds.append(kind)
    }

    static func header(_ text: String, columns: Int) -> HistoryRow {
        let fill = max(columns - text.unicodeScalars.count, 0)
        var attributes = Attributes.plain
        attributes.flags = .faint
        return HistoryRow(text: text + String(repeating: "─", count: fill), attributes: attributes)
    }

    /// "45 s", "3 min", "2 h 5 min".
    static func age(_ duration: Duration) -> String {
        let seconds = max(Int(duration.components.seconds), 0)
        if seconds < 60 { return "\(seconds) s" }
        if seconds < 3600 { return "\(seconds / 60) min" }
        return "\(seconds / 3600) h \(seconds % 3600 / 60) min"
    }
}
