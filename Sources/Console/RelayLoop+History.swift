import History
import Render
import VT

/// History mode on the relay: the front host's screen freezes on a `HistoryView` while its
/// output keeps feeding the emulator (the status line counts the new lines); keys and the
/// mouse go to the view until it is left.
extension RelayLoop {
    /// The key help box (prefix `?`): Drover's keys, then history mode's.
    static var helpBox: Overlay {
        .box(title: "drover keys", lines: PrefixKeyHandler.helpLines
             + ["", "In history mode (\(PrefixKeyHandler.keys(for: .history))):"]
             + HistoryView.helpLines + ["", "any key closes this"])
    }

    /// Freezes the front host's scrollback, rewind and screen and shows them.
    func enterHistory() {
        guard history == nil else { return }
        let document = HistoryDocument(terminal: terminal, snapshots: rewind(), now: .now)
        history = HistoryView(document: document, width: terminal.columns, screenRows: terminal.rows)
    }

    /// Leaves history mode: the live screen is drawn again in full.
    public func leaveHistory() {
        guard history != nil else { return }
        history = nil
        redraw()
    }

    func handleHistory(_ event: InputEvent) {
        guard var view = history else { return }
        let outcome = view.handle(event)
        switch outcome {
        case .stay:
            history = view
        case .leave:
            history = view
            leaveHistory()
        case .copy(let text):
            view.message = copyToClipboard(text)
            history = view
        }
    }

    /// Lines that arrive while frozen, counted by line feeds (bounded work per byte).
    func countNewLines(_ bytes: UnsafeRawBufferPointer) {
        var count = 0
        for byte in bytes where byte == 0x0A { count += 1 }
        if count > 0 { history?.newLines += count }
    }
}
