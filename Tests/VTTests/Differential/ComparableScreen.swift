import VT

/// The part of a cell's rendition that both tmux's `capture-pane -e` and our frame can say.
struct ComparableStyle: Equatable, CustomStringConvertible {
    static let comparedFlags: Attributes.Flags = [.bold, .faint, .italic, .blink, .inverse, .hidden, .strikethrough]

    var foreground: Color = .default
    var background: Color = .default
    var flags: Attributes.Flags = []
    var underline: Attributes.Underline = .none

    init() {}

    init(_ attributes: Attributes) {
        foreground = attributes.foreground
        background = attributes.background
        flags = attributes.flags.intersection(ComparableStyle.comparedFlags)
        if attributes.flags.contains(.rapidBlink) { flags.insert(.blink) }
        underline = attributes.underline
    }

    /// True when a blank cell with this style differs from plain only by its background.
    var showsOnlyBackground: Bool {
        var plain = self
        plain.background = .default
        return plain == ComparableStyle()
    }

    var description: String {
        "fg=\(foreground) bg=\(background) flags=\(flags.rawValue) ul=\(underline)"
    }
}

/// One character as shown (a wide character once, combining marks with their base).
struct StyledCharacter: Equatable, CustomStringConvertible {
    var text: String
    var style: ComparableStyle
    var description: String { "'\(text)' \(style)" }
}

/// A screen reduced to what the differential test compares.
struct ComparableScreen {
    var rows: [[StyledCharacter]]
    var cursorRow: Int
    var cursorColumn: Int
    var cursorVisible: Bool

    /// Trailing blanks are dropped when nothing but a background colour marks them: tmux's
    /// capture leaves out cleared cells after the last written one, whatever their
    /// background (an erase keeps only the background, so that is all such a cell can carry).
    static func trimmed(_ row: [StyledCharacter]) -> [StyledCharacter] {
        var row = row
        while let last = row.last, last.text == " ", last.style.showsOnlyBackground { row.removeLast() }
        return row
    }

    /// A blank draws no foreground unless inverse, underlined or struck through, so its
    /// foreground colour is not compared (xterm keeps the pen's foreground on erased cells,
    /// tmux only the background).
    static func normalized(_ c: StyledCharacter) -> StyledCharacter {
        guard c.text == " ", c.style.underline == .none,
              c.style.flags.isDisjoint(with: [.inverse, .strikethrough]) else { return c }
        var c = c
        c.style.foreground = .default
        return c
    }

    init(rows: [[StyledCharacter]], cursorRow: Int, cursorColumn: Int, cursorVisible: Bool) {
        self.rows = rows.map { ComparableScreen.trimmed($0.map(ComparableScreen.normalized)) }
        self.cursorRow = cursorRow
        self.cursorColumn = cursorColumn
        self.cursorVisible = cursorVisible
    }

    /// Our emulator's frame.
    init(frame: Frame) {
        var rows: [[StyledCharacter]] = []
        for r in 0..<frame.rows {
            var row: [StyledCharacter] = []
            for c in 0..<frame.columns {
                let cell = frame[r, c]
                if cell.isWideSpacer { continue }
                row.append(StyledCharacter(text: frame.text(of: cell), style: ComparableStyle(cell.attributes)))
            }
            rows.append(row)
        }
        self.init(rows: rows, cursorRow: frame.cursorRow, cursorColumn: frame.cursorColumn,
                  cursorVisible: frame.cursorVisible)
    }

    /// Text of a row, for failure messages.
    func text(_ row: Int) -> String { rows[row].map(\.text).joined() }
}
