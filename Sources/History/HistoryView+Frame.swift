import VT

/// Drawing history mode: the document rows in view, search matches on a yellow background,
/// the selection in reverse video, and the status line (position, lines that arrived since
/// the view froze, the rewind's size, or the search being typed) on the last row.
extension HistoryView {
    /// The screen to show, `width` x `height + 1`; `note` goes at the end of the status line.
    public func frame(note: String? = nil) -> Frame {
        var frame = Frame(columns: width, rows: height + 1)
        frame.title = document.title
        var search = self.search
        for screenRow in 0..<height {
            let line = top + screenRow
            guard line < document.count else { break }
            let row = document.rows[line]
            let matches = search?.matches(in: row) ?? []
            let selected = selection?.columns(of: line, in: row, width: width)
            draw(row, at: screenRow, matches: matches, selected: selected, into: &frame)
        }
        var status = Attributes.plain
        status.flags = .inverse
        let text: String
        if let prompt {
            text = (prompt.forward ? "/" : "?") + prompt.text
        } else {
            text = statusText(note: note)
        }
        let end = put(text, row: height, attributes: status, into: &frame)
        for column in end..<width { frame[height, column] = Cell(content: 0x20, attributes: status) }
        if prompt != nil {
            frame.cursorRow = height
            frame.cursorColumn = min(end, width - 1)
        } else {
            frame.cursorRow = min(max(cursor.line - top, 0), height - 1)
            frame.cursorColumn = min(cursor.column, width - 1)
        }
        frame.cursorVisible = true
        return frame
    }

    func statusText(note: String?) -> String {
        var parts = ["history \(cursor.line + 1)/\(document.count)"]
        if newLines > 0 { parts.append("+\(newLines) new line\(newLines == 1 ? "" : "s")") }
        if let note { parts.append(note) }
        if let selection {
            parts.append("\(selection.lines.count) line\(selection.lines.count == 1 ? "" : "s") selected, y copies")
        }
        parts.append(message ?? "/ ? search  v select  y copy  q leave")
        return " " + parts.joined(separator: " · ")
    }

    private func draw(_ row: HistoryRow, at screenRow: Int, matches: [Range<Int>], selected: Range<Int>?,
                      into frame: inout Frame) {
        var column = 0
        while column < min(row.cells.count, width) {
            var cell = row.cells[column]
            if cell.width == 2 && column + 1 >= width { break }  // half a wide character does not fit
            cell.attributes.link = 0
            if cell.isCluster {
                frame.clusters.append(row.text(of: cell))
                cell.content = Cell.clusterBase + UInt32(frame.clusters.count - 1)
            }
            if matches.contains(where: { $0.contains(column) }) {
                cell.attributes.background = .indexed(3)
                cell.attributes.foreground = .indexed(0)
            }
            if let selected, selected.contains(column) { cell.attributes.flags.formSymmetricDifference(.inverse) }
            frame[screenRow, column] = cell
            column += 1
        }
        if let selected {
            var inverse = Attributes.plain
            inverse.flags = .inverse
            for blank in max(column, selected.lowerBound)..<max(min(selected.upperBound, width), max(column, selected.lowerBound)) {
                frame[screenRow, blank] = Cell(content: 0x20, attributes: inverse)
            }
        }
    }

    private func put(_ text: String, row: Int, attributes: Attributes, into frame: inout Frame) -> Int {
        var column = 0
        for scalar in text.unicodeScalars {
            let w = CharacterWidth.of(scalar)
            guard w > 0, scalar.value >= 0x20, scalar.value != 0x7F, !(0x80..<0xA0).contains(scalar.value) else { continue }
            if column + w > width { break }
            frame[row, column] = Cell(content: scalar.value, width: UInt8(w), attributes: attributes)
            if w == 2 { frame[row, column + 1] = Cell(content: 0, width: 0, attributes: attributes) }
            column += w
        }
        return column
    }
}
