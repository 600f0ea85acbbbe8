import Console
import History
import Render
import VT

/// What the front view asks of the run (`FrontViewOwner`): local input goes to the input router
/// (`route`), the overlay is computed for the frame (`overlay()`), and history mode gets the
/// front host's rewind from the snapshot recorder, its note, and the clipboard through the
/// alert centre; the view's remark shows as a banner, once per kind of terminal; what the local terminal looks like
/// goes to every host's emulator.
extension AttachRun: FrontViewOwner {
    func frontView(_ view: FrontView, received event: InputEvent) {
        route(event)
    }

    func overlay(for view: FrontView) -> Overlay? {
        overlay()
    }

    func holdsKeys(for view: FrontView) -> Bool {
        input.holdsKeys
    }

    func rewind(for view: FrontView) -> [SnapshotStore.Snapshot] {
        snapshots.store.snapshots(host: ring.front)
    }

    /// History mode draws no overlay, so the last `--copy-command` failure is said in its own
    /// status line (until the next copy).
    func historyNote(for view: FrontView) -> String? {
        let parts = [copyFailure, snapshots.note(front: ring.front)].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    func frontView(_ view: FrontView, copy text: String) -> String {
        copyFailure = nil
        return alertCentre.copySelection(text)
    }

    /// The note that this terminal reports no modified keys is said once per kind of terminal:
    /// remembered by `close()` if its banner stood its full time (`KeyboardNoteMemory`).
    func frontView(_ view: FrontView, note text: String) {
        guard !keyboardNotes.toldBefore else { return }
        showBanner(text)
        keyboardNotes.shown(text)
    }

    /// Every host's emulator answers colour and cell-size queries with the local terminal's own.
    func frontView(_ view: FrontView, learned appearance: LocalAppearance) {
        for driver in drivers { appearance.apply(to: driver.terminal) }
    }

    /// `--copy-command` failed: a banner, and history mode's status line while it is open.
    func copyFailed(_ failure: String) {
        copyFailure = failure
        showBanner(failure)
    }
}
