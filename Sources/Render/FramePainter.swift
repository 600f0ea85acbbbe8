import VT

/// The drawing state while one frame is rendered: the bytes so far and what the local
/// terminal's cursor, pen and open hyperlink are known to be.
struct FramePainter {
    let columns: Int
    let capabilities: ConsoleCapabilities
    var out: [UInt8] = []
    /// nil while the position is unknown.
    var cursor: ScreenPoint?
    /// SGR state of the local terminal (its `link` field is unused).
    var pen: Attributes = .plain
    /// URI of the OSC 8 link currently open, nil when none.
    var openLink: String?
    /// Working space reused across the frame (costing cursor moves).
    private var scratch: [UInt8] = []

    init(columns: Int, capabilities: ConsoleCapabilities, cursor: ScreenPoint?) {
        self.columns = columns
        self.capabilities = capabilities
        self.cursor = cursor
    }

    mutating func moveCursor(to point: ScreenPoint) {
        CursorMotion.move(from: cursor, to: point, columns: columns, into: &out)
        cursor = point
    }

    mutating func setPen(_ attributes: Attributes) {
        // Most cells keep the pen (text in one style): no call, no copy.
        if SGREncoder.sameRendition(pen, attributes) { return }
        SGREncoder.appendTransition(from: pen, to: attributes, truecolor: capabilities.truecolor,
                                    into: &out)
        pen = attributes
        pen.link = 0
    }

    mutating func setLink(_ uri: String?) {
        let uri = capabilities.hyperlinks ? uri : nil
        guard uri != openLink else { return }
        out.append(contentsOf: [0x1B, UInt8(ascii: "]"), UInt8(ascii: "8"), UInt8(ascii: ";"), UInt8(ascii: ";")])
        if let uri { out.append(uri) }
        out.append(contentsOf: [0x1B, UInt8(ascii: "\\")])
        openLink = uri
    }

    /// Paints `frame`'s row, touching only the cells that differ from `shown`'s.
    mutating func paintRow(_ row: Int, of frame: Frame, over shown: Frame) {
        var column = 0
        while column < columns {
            let cell = frame[row, column]
            let width = cell.width == 2 ? 2 : 1
            if cell.width == 0 || sameCells(frame, shown, row, column, width) {
                column += width
                continue
            }
            if let (erase, length) = blankRun(frame, row, from: column) {
                if column + length == columns && length > 3 {
                    // EL: the rest of the row is blank.
                    approach(ScreenPoint(row: row, column: column), in: frame)
                    setLink(nil)
                    setPen(erase)
                    out.append(contentsOf: [0x1B, UInt8(ascii: "["), UInt8(ascii: "K")])
                    return
                }
                if length >= Self.minimumEraseCharacters {
                    // ECH: a long blank stretch inside the row; the cursor stays.
                    approach(ScreenPoint(row: row, column: column), in: frame)
                    setLink(nil)
                    setPen(erase)
                    out.appendCSI(count: length, final: UInt8(ascii: "X"))
                    column += length
                    continue
                }
            }
            approach(ScreenPoint(row: row, column: column), in: frame)
            write(cell, of: frame)
            column += width
        }
    }

    /// Moves to `point`, or rewrites the unchanged cells in between when that is shorter. The
    /// rewrite is tried in place and taken back when the move wins.
    private mutating func approach(_ point: ScreenPoint, in frame: Frame) {
        if let cursor, cursor.row == point.row, cursor.column < point.column {
            let mark = out.count
            let pen = SGREncoder.adapted(self.pen, truecolor: capabilities.truecolor)
            var cheap = true
            for column in cursor.column..<point.column {
                let cell = frame[point.row, column]
                guard cell.width == 1, !cell.isCluster, !Self.widthIsUncertain(cell, in: frame),
                      linkURI(cell, frame) == openLink,
                      SGREncoder.sameRendition(SGREncoder.adapted(cell.attributes, truecolor: capabilities.truecolor), pen)
                else { cheap = false; break }
                Self.appendText(of: cell, in: frame, to: &out)
            }
            if cheap && out.count - mark <= CursorMotion.cost(from: cursor, to: point, columns: columns, scratch: &scratch) {
                self.cursor = point
                return
            }
            out.removeLast(out.count - mark)
        }
        moveCursor(to: point)
    }

    /// Writes one cell at the cursor, which must already be at its column.
    private mutating func write(_ cell: Cell, of frame: Frame) {
        // No link on the cell and none open (nearly always): skip looking the URI up.
        if cell.attributes.link != 0 || openLink != nil { setLink(linkURI(cell, frame)) }
        setPen(cell.attributes)
        Self.appendText(of: cell, in: frame, to: &out)
        if var cursor, !Self.widthIsUncertain(cell, in: frame) {
            cursor.column += cell.width == 2 ? 2 : 1
            self.cursor = cursor
        } else if let cursor, !cell.isCluster, cursor.column + 2 <= columns {
            // One character one or two columns wide stays on this row either way: the row is
            // known, the column is not. `column == columns` says so (only CR is trusted
            // horizontally), and the next write comes back with CR and CUF, shorter than CUP.
            self.cursor = ScreenPoint(row: cursor.row, column: columns)
        } else {
            // The local terminal may give this character another width than the emulator
            // did: position the next write absolutely so the rest of the row stays aligned.
            cursor = nil
        }
    }

    /// Characters whose width terminals disagree on: the symbol and emoji blocks, and
    /// clusters with emoji, a zero-width joiner or an emoji variation selector.
    static func widthIsUncertain(_ cell: Cell, in frame: Frame) -> Bool {
        guard cell.isCluster else { return isUncertainScalar(cell.content) }
        let index = Int(cell.content - Cell.clusterBase)
        guard index < frame.clusters.count else { return true }
        return frame.clusters[index].unicodeScalars.contains {
            isUncertainScalar($0.value) || $0.value == 0x200D || $0.value == 0xFE0F
        }
    }

    private static func isUncertainScalar(_ v: UInt32) -> Bool {
        (0x2000...0x2BFF).contains(v) || (0x1F000...0x1FFFF).contains(v)
    }

    /// Closes any open link and resets the pen, the state every frame ends in.
    mutating func finish() {
        setLink(nil)
        setPen(.plain)
    }

    private func linkURI(_ cell: Cell, _ frame: Frame) -> String? {
        let link = Int(cell.attributes.link)
        guard link > 0, link <= frame.links.count else { return nil }
        return TextSanitizer.uri(frame.links[link - 1])
    }

    /// The cell's characters as UTF-8, controls replaced, straight into `bytes`.
    private static func appendText(of cell: Cell, in frame: Frame, to bytes: inout [UInt8]) {
        if cell.content == 0 {
            bytes.append(0x20)
            return
        }
        if cell.content > 0x20 && cell.content < 0x7F {
            bytes.append(UInt8(truncatingIfNeeded: cell.content))  // printable ASCII is written as is
            return
        }
        if !cell.isCluster {
            bytes.appendUTF8(Unicode.Scalar(cell.content).map(TextSanitizer.printable) ?? "\u{FFFD}")
            return
        }
        let index = Int(cell.content - Cell.clusterBase)
        let cluster = index < frame.clusters.count ? frame.clusters[index] : "\u{FFFD}"
        var wrote = false
        for scalar in cluster.unicodeScalars where !Self.isLeftOut(scalar) {
            bytes.appendUTF8(TextSanitizer.printable(scalar))
            wrote = true
        }
        if !wrote { bytes.append(0x20) }
    }

    /// A scalar of a cell's cluster that is not sent. A bidi mark rides along as a zero-width
    /// mark; on a terminal that reorders text it would make what follows read differently from
    /// the screen. Nor a zero-width joiner: a terminal that joins emoji (tmux, kitty) would join
    /// the next cell's character to this one wherever the cursor moved in between, and its
    /// cursor would end short of the model's (ADR 0036). Neither takes a column.
    static func isLeftOut(_ scalar: Unicode.Scalar) -> Bool {
        TextSanitizer.isBidiControl(scalar) || scalar.value == 0x200D
    }

    private func sameCells(_ a: Frame, _ b: Frame, _ row: Int, _ column: Int, _ width: Int) -> Bool {
        RowComparison.cellsEqual(a, b, from: row * columns + column, count: width)
    }

    /// Blank runs shorter than this are written as spaces (ECH plus the move after it would
    /// cost about as much).
    static let minimumEraseCharacters = 10

    /// The erased-looking cells from `column` on (blank, one background, nothing else): the
    /// attributes to erase them with and how many there are; nil when `column` is not one.
    private func blankRun(_ frame: Frame, _ row: Int, from column: Int) -> (Attributes, Int)? {
        var erase = Attributes.plain
        erase.background = frame[row, column].attributes.background
        var end = column
        while end < columns {
            let cell = frame[row, end]
            guard cell.width == 1, cell.content == 0 || cell.content == 0x20, cell.attributes == erase else { break }
            end += 1
        }
        return end > column ? (erase, end - column) : nil
    }
}
