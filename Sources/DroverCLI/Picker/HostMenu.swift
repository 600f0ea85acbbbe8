import VT

/// What bare `drover` shows in a terminal: the hosts table with a mark on one row. The arrows
/// (or j and k) move the mark, Enter attaches the marked host, a digit attaches that row,
/// q, Escape and ctrl+c leave. Pure state, fed decoded input events, so it is tested
/// without a terminal; `HostMenuTerminal` draws it and reads the keys.
struct HostMenu {
    enum Outcome: Equatable {
        case attach(String)
        case quit
    }

    /// Host names in the table's order (sorted, as `drover hosts` lists them).
    let names: [String]
    /// The table's header and one line per host, as `drover --list` prints them.
    let header: String
    let rows: [String]
    private(set) var selection = 0
    private(set) var outcome: Outcome?

    init(names: [String], table: String) {
        self.names = names
        let lines = table.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        header = lines.first ?? ""
        rows = Array(lines.dropFirst().prefix(names.count))
    }

    mutating func handle(_ event: InputEvent) {
        guard outcome == nil, !names.isEmpty, let event = event.asPress else { return }
        switch event {
        case .key(.up, _), .key(.character("k"), []), .text("k"):
            selection = (selection + names.count - 1) % names.count
        case .key(.down, _), .key(.tab, _), .key(.character("j"), []), .text("j"):
            selection = (selection + 1) % names.count
        case .key(.home, _): selection = 0
        case .key(.end, _): selection = names.count - 1
        case .key(.enter, _), .text("\r"), .text("\n"):
            outcome = .attach(names[selection])
        case .key(.escape, _), .key(.character("c"), .control), .key(.character("q"), []), .text("q"), .text("\u{3}"):
            outcome = .quit
        case .key(.character(let scalar), []):
            pick(digit: scalar)
        case .text(let text) where text.unicodeScalars.count == 1:
            pick(digit: text.unicodeScalars.first!)
        case .text(let text):
            // A quick `j j Enter` (or a paste) arrives as one read: each key in turn, until one decides.
            for scalar in text.unicodeScalars { handle(.text(String(scalar))) }
        default:
            break
        }
    }

    private mutating func pick(digit scalar: Unicode.Scalar) {
        guard let digit = Int(String(scalar)), digit >= 1, digit <= min(9, names.count) else { return }
        selection = digit - 1
        outcome = .attach(names[selection])
    }

    /// The lines to draw in `width` x `height` cells: a title, the header, the rows around the
    /// selection (marked `>`), and the keys. Lines are cut to `width`.
    func lines(width: Int, height: Int) -> [String] {
        let title = "Attach to which host? ↑/↓ move, Enter attaches, 1-9 picks, q leaves (drover --list: the table only)"
        let room = max(1, height - 4)
        let first = min(max(0, selection - room + 1), max(0, rows.count - room))
        let visible = rows.indices.dropFirst(first).prefix(room).map { index in
            (index == selection ? "> " : "  ") + (index < 9 ? "\(index + 1) " : "  ") + rows[index]
        }
        return ([title, "", "    " + header] + visible).map { String($0.prefix(max(1, width))) }
    }
}
