import History
import Render
import VT

/// History mode on the front view: the front host's screen freezes on a `HistoryView` while its
/// output keeps feeding the emulator (the status line counts the new lines); keys and the
/// mouse go to the view until it is left.
extension FrontView {
    /// Freezes the front host's scrollback, rewind and screen and shows them (prefix `[`).
    public func enterHistory() {
        guard history == nil else { return }
        let document = HistoryDocument(terminal: terminal, snapshots: owner?.rewind(for: self) ?? [], now: .now)
        history = HistoryView(document: document, width: terminal.columns, screenRows: terminal.rows)
    }

    /// Leaves history mode: the live screen is drawn again in full.
    public func leaveHistory() {
        guard history != nil else { return }
        history = nil
        redraw()
    }

    /// A local event while history mode is on: the view's (keys, wheel, selection).
    public func handleHistory(_ event: InputEvent) {
        guard var view = history else { return }
        let outcome = view.handle(event)
        switch outcome {
        case .stay:
            history = view
        case .leave:
            history = view
            leaveHistory()
        case .copy(let text):
            view.message = copy(text)
            history = view
        }
    }

    /// A selection copied with `y`: the owner's, else Drover's own OSC 52 after the next frame.
    private func copy(_ text: String) -> String {
        if let owner { return owner.frontView(self, copy: text) }
        alert(.clipboard(Array(text.utf8)))
        return "copied to the clipboard"
    }

    /// Lines that arrive while frozen, counted by line feeds (bounded work per byte).
    func countNewLines(_ bytes: UnsafeRawBufferPointer) {
        var count = 0
        for byte in bytes where byte == 0x0A { count += 1 }
        if count > 0 { history?.newLines += count }
    }
}
