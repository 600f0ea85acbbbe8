/// A place in a `HistoryDocument`: a row and a column.
public struct HistoryPosition: Hashable, Sendable, Comparable {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (a: HistoryPosition, b: HistoryPosition) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }
}

/// What is selected between an anchor and the cursor, and the text it copies: what a person
/// sees, wide characters once, combining marks with their base, and rows that autowrap
/// continued joined into the one line the program printed.
public struct HistorySelection: Equatable, Sendable {
    public enum Mode: Equatable, Sendable {
        /// Whole rows (`v`).
        case lines
        /// A rectangle of columns (`ctrl+v`).
        case block
        /// From one cell to another, as text flows (a mouse drag).
        case stream
    }

    public var mode: Mode
    public var anchor: HistoryPosition
    public var cursor: HistoryPosition

    public init(mode: Mode, anchor: HistoryPosition, cursor: HistoryPosition) {
        self.mode = mode
        self.anchor = anchor
        self.cursor = cursor
    }

    public var lines: ClosedRange<Int> { min(anchor.line, cursor.line)...max(anchor.line, cursor.line) }

    /// The selected columns of `line` (for highlighting and copying), widened so a wide
    /// character is taken whole or not at all.
    public func columns(of line: Int, in row: HistoryRow, width: Int) -> Range<Int>? {
        guard lines.contains(line) else { return nil }
        let first = min(anchor, cursor), last = max(anchor, cursor)
        var range: Range<Int>
        switch mode {
        case .lines:
            range = 0..<width
        case .block:
            range = min(anchor.column, cursor.column)..<(max(anchor.column, cursor.column) + 1)
        case .stream:
            let start = line == first.line ? first.column : 0
            let end = line == last.line ? last.column + 1 : width
            range = start..<max(end, start)
        }
        if range.lowerBound > 0, row.cell(range.lowerBound).width == 0 { range = (range.lowerBound - 1)..<range.upperBound }
        if range.upperBound > 0, row.cell(range.upperBound - 1).width == 2 { range = range.lowerBound..<(range.upperBound + 1) }
        return range
    }

    /// The selected text: the host's rows only, never Drover's own header rows between rewound
    /// screens. Rows end with a newline unless autowrap continued them (a block selection keeps
    /// every row separate); trailing blanks of a row are dropped.
    public func text(in document: HistoryDocument) -> String {
        var out = ""
        guard document.count > 0 else { return out }
        let range = lines.clamped(to: 0...(document.count - 1))
        let hostLines = range.filter { document.kinds[$0] != .header }
        for (index, line) in hostLines.enumerated() {
            let row = document.rows[line]
            guard let columns = columns(of: line, in: row, width: max(document.columns, row.cells.count)) else { continue }
            // A row joins the next only when that next row of the document is the one copied next.
            let next = index + 1 < hostLines.count && hostLines[index + 1] == line + 1 ? document.rows[line + 1] : nil
            let joins = mode != .block && row.wrapped && next != nil && columns.upperBound >= row.cells.count
            var piece = row.text(columns: columns)
            if joins, let next {
                // Trimmed blanks at the wrap were part of the line the program printed.
                piece += String(repeating: " ", count: max(document.columns - max(row.cells.count, columns.lowerBound), 0))
                // A wide character that did not fit left a blank in the last column.
                if next.cell(0).width == 2, piece.last == " " { piece.removeLast() }
            } else {
                while piece.last == " " { piece.removeLast() }
            }
            out += piece
            if !joins && index + 1 < hostLines.count { out += "\n" }
        }
        return out
    }
}
