import VT

/// History mode for the host in front: a cursor moving through a frozen `HistoryDocument`,
/// with search, selection and copy. A pure value: the relay feeds it the person's events and
/// draws `frame()`; `handle` says when to copy or leave. The status line is the last screen
/// row, so `height` rows of the document show above it.
public struct HistoryView {
    public enum Outcome: Equatable, Sendable {
        case stay
        case leave
        /// Copy this text to the local clipboard (the selection is cleared).
        case copy(String)
    }

    public let document: HistoryDocument
    /// Screen rows of document shown (the screen's rows minus the status line).
    public let height: Int
    public let width: Int
    public private(set) var top: Int
    public private(set) var cursor: HistoryPosition
    public private(set) var selection: HistorySelection?
    /// The last search, for `n`/`N` and highlighting.
    public private(set) var search: HistorySearch?
    var searchForward = true
    /// The search being typed after `/` or `?`.
    public private(set) var prompt: (text: String, forward: Bool)?
    /// Lines the remote printed since the view froze (shown in the status line).
    public var newLines = 0
    /// A note for the status line (copied, not found), until the next key.
    public var message: String?
    /// Where a mouse press started, while the button is held.
    var dragStart: HistoryPosition?

    public init(document: HistoryDocument, width: Int, screenRows: Int) {
        self.document = document
        self.width = max(width, 1)
        height = max(screenRows - 1, 1)
        cursor = HistoryPosition(line: max(document.cursorLine, 0), column: document.cursorColumn)
        // The screen stays where it was; the status line covers its last row.
        top = min(document.screenStart, max(document.count - height, 0))
        reveal()
    }

    public var lastLine: Int { max(document.count - 1, 0) }

    /// One event from the person.
    public mutating func handle(_ event: InputEvent) -> Outcome {
        if prompt != nil { return typeSearch(event) }
        if case .mouse = event {} else { message = nil }
        switch event {
        case .mouse(let mouse):
            return handleMouse(mouse)
        case .text(let text):
            // Keys typed quickly arrive as one piece of text: after `/` the rest is the query.
            for scalar in text.unicodeScalars {
                let outcome = prompt == nil ? handleKey(.character(scalar), []) : typeSearch(.text(String(scalar)))
                if outcome != .stay { return outcome }
            }
            return .stay
        case .key(let key, let modifiers):
            return handleKey(key, modifiers)
        case .keyEvent(let key):
            return key.type == .release ? .stay : handleKey(key.key, key.modifiers)
        case .paste, .focus:
            return .stay
        }
    }

    private mutating func handleKey(_ key: Key, _ modifiers: KeyModifiers) -> Outcome {
        let page = max(height - 1, 1)
        switch (key, modifiers.contains(.control)) {
        case (.up, _), (.character("k"), false): move(lines: -1)
        case (.down, _), (.character("j"), false): move(lines: 1)
        case (.left, _), (.character("h"), false): moveColumn(-1)
        case (.right, _), (.character("l"), false): moveColumn(1)
        case (.pageUp, _), (.character("b"), true): turn(-page)
        case (.pageDown, _), (.character("f"), true): turn(page)
        case (.character("u"), true): turn(-page / 2)
        case (.character("d"), true): turn(page / 2)
        case (.home, _), (.character("g"), false): cursor = HistoryPosition(line: 0, column: 0); reveal()
        case (.end, _), (.character("G"), false): cursor = HistoryPosition(line: lastLine, column: 0); reveal()
        case (.character("0"), false): cursor.column = 0; follow()
        case (.character("$"), false): cursor.column = max(document.rows[safe: cursor.line]?.cells.count ?? 1, 1) - 1; follow()
        case (.character("v"), false): toggleSelection(.lines)
        case (.character("v"), true): toggleSelection(.block)
        case (.character("y"), false), (.enter, _): return copy()
        case (.character("/"), false): prompt = ("", true)
        case (.character("?"), false): prompt = ("", false)
        case (.character("n"), false): repeatSearch(forward: searchForward)
        case (.character("N"), false): repeatSearch(forward: !searchForward)
        case (.escape, _):
            if selection != nil { selection = nil } else { return .leave }
        case (.character("q"), false), (.character("c"), true): return .leave
        default: break
        }
        return .stay
    }

    private mutating func typeSearch(_ event: InputEvent) -> Outcome {
        guard var typed = prompt else { return .stay }
        switch event {
        case .text(let text), .paste(let text):
            typed.text += text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.map(String.init).joined()
            prompt = typed
        case .key(.backspace, _):
            if typed.text.isEmpty { prompt = nil } else { typed.text.removeLast(); prompt = typed }
        case .key(.escape, _), .key(.character("c"), .control):
            prompt = nil
        case .key(.enter, _):
            prompt = nil
            if !typed.text.isEmpty { search = HistorySearch(query: typed.text) }
            searchForward = typed.forward
            repeatSearch(forward: typed.forward)
        case .key(.character(let scalar), let modifiers) where modifiers.isSubset(of: .shift):
            typed.text.unicodeScalars.append(scalar)
            prompt = typed
        default:
            break
        }
        return .stay
    }

    private mutating func repeatSearch(forward: Bool) {
        guard var active = search else {
            message = "no search yet: / searches forward, ? back"
            return
        }
        let found = active.next(in: document, from: cursor.line, column: cursor.column, forward: forward)
        search = active
        guard let found else {
            message = "\(active.query) not found"
            return
        }
        cursor = HistoryPosition(line: found.line, column: found.columns.lowerBound)
        if found.line < top || found.line >= top + height { top = found.line - height / 2 }
        reveal()
    }

    private mutating func toggleSelection(_ mode: HistorySelection.Mode) {
        if selection?.mode == mode {
            selection = nil
        } else {
            selection = HistorySelection(mode: mode, anchor: selection?.anchor ?? cursor, cursor: cursor)
        }
    }

    private mutating func copy() -> Outcome {
        guard let selection else {
            message = "nothing selected: v selects lines, ctrl+v a block"
            return .stay
        }
        self.selection = nil
        return .copy(selection.text(in: document))
    }

    private mutating func handleMouse(_ mouse: MouseEvent) -> Outcome {
        let row = mouse.row - 1
        let at = HistoryPosition(line: min(top + max(row, 0), lastLine), column: max(min(mouse.column - 1, width - 1), 0))
        switch (mouse.button, mouse.action) {
        case (.wheelUp, _): scroll(-3)
        case (.wheelDown, _): scroll(3)
        case (.left, .press) where row < height:
            cursor = at
            dragStart = at
            selection = nil
        case (.left, .motion), (.none, .motion):
            guard let start = dragStart, row < height else { break }
            cursor = at
            selection = HistorySelection(mode: .stream, anchor: start, cursor: at)
        case (_, .release):
            dragStart = nil
        default:
            break
        }
        return .stay
    }

    /// Moves the cursor by `lines`, scrolling to keep it shown.
    private mutating func move(lines: Int) {
        cursor.line = min(max(cursor.line + lines, 0), lastLine)
        reveal()
    }

    private mutating func moveColumn(_ delta: Int) {
        cursor.column = min(max(cursor.column + delta, 0), width - 1)
        follow()
    }

    /// Moves the view and the cursor together by `lines` (a page).
    private mutating func turn(_ lines: Int) {
        top = min(max(top + lines, 0), max(document.count - height, 0))
        cursor.line = min(max(cursor.line + lines, 0), lastLine)
        reveal()
    }

    /// Scrolls the view; the cursor stays on screen.
    private mutating func scroll(_ lines: Int) {
        top = min(max(top + lines, 0), max(document.count - height, 0))
        cursor.line = min(max(cursor.line, top), min(top + height - 1, lastLine))
        follow()
    }

    /// Scrolls just enough to show the cursor.
    private mutating func reveal() {
        if cursor.line < top { top = cursor.line }
        if cursor.line >= top + height { top = cursor.line - height + 1 }
        top = min(max(top, 0), max(document.count - height, 0))
        follow()
    }

    /// The selection's moving end follows the cursor.
    private mutating func follow() {
        selection?.cursor = cursor
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}

extension HistoryView {
    /// The keys of history mode, one aligned line each, for the `?` box and `--help`.
    public static let helpLines = [
        "arrows, j k h l   move;  0 $   start and end of the line",
        "PageUp PageDown   a page, also ctrl+b ctrl+f; ctrl+u ctrl+d half a page",
        "g G, Home End     first and last line (screens of the rewind sit above now)",
        "mouse wheel       scroll three lines (a drag selects)",
        "/ ?  then n N     search forward, back (a capital letter matches case)",
        "v, ctrl+v         select lines, a block",
        "y or Enter        copy the selection to the local clipboard",
        "q or Esc          leave history mode",
    ]
}
