import VT
import TextSafety

/// Drover's own text drawn over the remote screen: a one-line status bar at the bottom, or a
/// centred box (errors, key help, the trust prompt). It is composed onto a copy of the frame
/// before diffing, so the differ's idea of the screen always includes it and taking it away
/// is an ordinary diff back to the remote's cells.
///
/// A composed frame no longer matches its screen's `rowVersions`: diff it with
/// `rowVersionsComparable: false`.
public struct Overlay: Hashable, Sendable {
    public enum Placement: Hashable, Sendable {
        /// The bottom rows, one per line (usually one), in reverse video.
        case statusLine
        /// A bordered box in the middle of the screen; lines wrap at its width.
        case box(title: String)
    }

    public var placement: Placement
    public var lines: [String]
    /// Put a visible cursor after the last line's text (for a typed answer such as `yes`).
    public var showsCursor: Bool

    public init(placement: Placement, lines: [String], showsCursor: Bool = false) {
        self.placement = placement
        self.lines = lines
        self.showsCursor = showsCursor
    }

    public static func status(_ text: String) -> Overlay {
        Overlay(placement: .statusLine, lines: [text])
    }

    public static func box(title: String, lines: [String], showsCursor: Bool = false) -> Overlay {
        Overlay(placement: .box(title: title), lines: lines, showsCursor: showsCursor)
    }

    /// `frame` with the overlay drawn over it.
    public func composed(onto frame: Frame) -> Frame {
        guard frame.columns > 0, frame.rows > 0 else { return frame }
        var result = frame
        switch placement {
        case .statusLine:
            var attributes = Attributes.plain
            attributes.flags = .inverse
            // One row per line, the last on the bottom row (a long status wraps upwards).
            let shown = lines.isEmpty ? [""] : lines.suffix(frame.rows)
            var end = 0
            for (index, text) in shown.enumerated() {
                let row = frame.rows - shown.count + index
                end = draw(text, row: row, from: 0, width: frame.columns, attributes: attributes, into: &result)
                fill(row: row, from: end, to: frame.columns, attributes: attributes, into: &result)
            }
            if showsCursor { place(cursorAt: frame.rows - 1, end, in: &result) }
        case .box(let title):
            composeBox(title: title, into: &result)
        }
        return result
    }

    private func composeBox(title: String, into frame: inout Frame) {
        let maxInner = max(frame.columns - 4, 1)
        var widest = ([title] + lines).map(Self.width).max() ?? 0
        var all = lines.flatMap { Self.wrap($0, width: min(max(widest, 1), maxInner)) }
        if all.count + 2 > frame.rows {
            // Wide enough for the note that says how many rows are left out.
            widest = max(widest, Self.width(Self.leftOut(all.count)))
            all = lines.flatMap { Self.wrap($0, width: min(max(widest, 1), maxInner)) }
        }
        let inner = min(max(widest, 1), maxInner)
        let height = min(all.count + 2, frame.rows)
        let wrapped = Self.fitted(all, rows: max(height - 2, 0), keepingLast: showsCursor)
        let boxWidth = min(inner + 4, frame.columns)
        let top = (frame.rows - height) / 2
        let left = (frame.columns - boxWidth) / 2
        var border = Attributes.plain
        border.flags = .bold
        let plain = Attributes.plain

        var topLine = "┌─"
        topLine += title.isEmpty ? "" : title
        let titleWidth = Self.width(title)
        topLine += String(repeating: "─", count: max(boxWidth - 3 - titleWidth, 0)) + "┐"
        draw(topLine, row: top, from: left, width: boxWidth, attributes: border, into: &frame)
        var cursor: (Int, Int)?
        for index in 0..<max(height - 2, 0) {
            let row = top + 1 + index
            draw("│ ", row: row, from: left, width: 2, attributes: border, into: &frame)
            let end = draw(wrapped[index], row: row, from: left + 2, width: max(boxWidth - 4, 0),
                           attributes: plain, into: &frame)
            fill(row: row, from: end, to: left + boxWidth - 2, attributes: plain, into: &frame)
            draw(" │", row: row, from: left + boxWidth - 2, width: 2, attributes: border, into: &frame)
            cursor = (row, end)
        }
        if height >= 2 {
            let bottomLine = "└" + String(repeating: "─", count: max(boxWidth - 2, 0)) + "┘"
            draw(bottomLine, row: top + height - 1, from: left, width: boxWidth, attributes: border, into: &frame)
        }
        if showsCursor, let (row, column) = cursor { place(cursorAt: row, column, in: &frame) }
    }

    /// `rows` of `wrapped`: when they do not all fit, a row says how many are left out rather than
    /// the box ending mid-list (the key help at 80x20). A box that takes an answer keeps its
    /// last row (the question) below that note.
    static func fitted(_ wrapped: [String], rows: Int, keepingLast: Bool) -> [String] {
        guard wrapped.count > rows, rows > 0 else { return wrapped }
        let tail = keepingLast && rows >= 2 ? [wrapped[wrapped.count - 1]] : []
        let kept = rows - 1 - tail.count
        return wrapped.prefix(kept) + [leftOut(wrapped.count - kept - tail.count)] + tail
    }

    private static func leftOut(_ count: Int) -> String { "… \(count) more: enlarge the window" }

    /// Draws `text` from `column`, at most `width` columns; returns the column after the text.
    @discardableResult
    private func draw(_ text: String, row: Int, from column: Int, width: Int, attributes: Attributes,
                      into frame: inout Frame) -> Int {
        guard row >= 0, row < frame.rows else { return column }
        let limit = min(column + width, frame.columns)
        var position = max(column, 0)
        for scalar in text.unicodeScalars where !SafeText.isUnsafe(scalar) {
            let cellWidth = CharacterWidth.of(scalar)
            if cellWidth == 0 { continue }
            if position + cellWidth > limit { break }
            frame[row, position] = Cell(content: scalar.value, width: UInt8(cellWidth), attributes: attributes)
            if cellWidth == 2 { frame[row, position + 1] = Cell(content: 0, width: 0, attributes: attributes) }
            position += cellWidth
        }
        return position
    }

    private func fill(row: Int, from start: Int, to end: Int, attributes: Attributes, into frame: inout Frame) {
        guard row >= 0, row < frame.rows else { return }
        for column in max(start, 0)..<max(min(end, frame.columns), max(start, 0)) {
            frame[row, column] = Cell(content: 0x20, width: 1, attributes: attributes)
        }
    }

    private func place(cursorAt row: Int, _ column: Int, in frame: inout Frame) {
        frame.cursorRow = row
        frame.cursorColumn = min(column, frame.columns - 1)
        frame.cursorVisible = true
    }

    static func width(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + (TextSanitizer.isControl($1) ? 0 : CharacterWidth.of($1)) }
    }

    /// Wraps `text` into pieces of at most `width` columns, breaking at spaces so that words (a
    /// fingerprint, a path) stay whole; only a word wider than `width` is split. The space at a
    /// break is dropped. An empty line stays one line.
    public static func wrap(_ text: String, width: Int) -> [String] {
        var pieces: [String] = []
        var line: [(scalar: Unicode.Scalar, width: Int)] = []
        var used = 0
        for scalar in text.unicodeScalars where !SafeText.isUnsafe(scalar) {
            let w = CharacterWidth.of(scalar)
            if used + w > width && used > 0 && scalar == " " {
                pieces.append(Self.string(line))
                line = []
                used = 0
                continue
            }
            while used + w > width && used > 0 {
                if let space = line.lastIndex(where: { $0.scalar == " " }),
                   line[..<space].contains(where: { $0.scalar != " " }) {
                    pieces.append(Self.string(line[..<space]))
                    line = Array(line[(space + 1)...])
                } else {
                    pieces.append(Self.string(line))
                    line = []
                }
                used = line.reduce(0) { $0 + $1.width }
            }
            line.append((scalar, w))
            used += w
        }
        pieces.append(Self.string(line))
        return pieces
    }

    private static func string<C: Collection>(_ cells: C) -> String where C.Element == (scalar: Unicode.Scalar, width: Int) {
        var text = ""
        text.unicodeScalars.append(contentsOf: cells.map(\.scalar))
        return text
    }
}
