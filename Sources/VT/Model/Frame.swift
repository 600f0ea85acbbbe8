/// A complete picture of one screen at one moment: what the renderer diffs.
///
/// `Render.FrameDiff` turns (previous frame, next frame) into terminal bytes, so the renderer
/// never needs to see the emulator's internals. `rowVersions` lets it skip rows that did not
/// change without comparing cells: equal versions at the same row index mean equal rows
/// *within frames taken from the same screen*; across screens, compare cells.
public struct Frame: Sendable, Equatable {
    public var columns: Int
    public var rows: Int
    /// Row-major, `rows * columns` cells.
    public var cells: [Cell]
    /// One version per row; bumped whenever the row's cells change.
    public var rowVersions: [UInt64]
    /// Cursor position, 0-based.
    public var cursorRow: Int
    public var cursorColumn: Int
    public var cursorVisible: Bool
    public var cursorStyle: CursorStyle
    /// Window title from OSC 0/2, unsanitised (the renderer sanitises).
    public var title: String
    /// Text of combining clusters referenced by cells with `content >= Cell.clusterBase`.
    public var clusters: [String]
    /// OSC 8 URIs; `Attributes.link` n refers to `links[n - 1]`.
    public var links: [String]
    /// True when the alternate screen is shown.
    public var alternateScreen: Bool
    /// Reverse video (DECSCNM, mode 5).
    public var reverseVideo: Bool

    public init(columns: Int, rows: Int, cells: [Cell]? = nil) {
        self.columns = columns
        self.rows = rows
        self.cells = cells ?? Array(repeating: .blank(), count: columns * rows)
        self.rowVersions = Array(repeating: 0, count: rows)
        self.cursorRow = 0
        self.cursorColumn = 0
        self.cursorVisible = true
        self.cursorStyle = .default
        self.title = ""
        self.clusters = []
        self.links = []
        self.alternateScreen = false
        self.reverseVideo = false
    }

    public subscript(row: Int, column: Int) -> Cell {
        get { cells[row * columns + column] }
        set { cells[row * columns + column] = newValue }
    }

    /// The characters of a cell (a space for an erased cell, "" for a wide spacer).
    public func text(of cell: Cell) -> String {
        cell.text(clusters: clusters)
    }

    /// One row as text with trailing blanks trimmed, wide characters once.
    public func rowText(_ row: Int) -> String {
        var s = ""
        for column in 0..<columns { s += text(of: self[row, column]) }
        while s.last == " " { s.removeLast() }
        return s
    }
}

extension Cell {
    /// The characters of this cell, its cluster read from `clusters` (the table of the frame
    /// or history row it came from): a space for an erased cell, "" for a wide spacer.
    public func text(clusters: [String]) -> String {
        if width == 0 { return "" }
        if content == 0 { return " " }
        if isCluster {
            let index = Int(content - Cell.clusterBase)
            return index < clusters.count ? clusters[index] : "\u{FFFD}"
        }
        return Unicode.Scalar(content).map { String(Character($0)) } ?? "\u{FFFD}"
    }
}
