import Console
import History
import Render
import VT

/// What the relay asks of the run (`RelayOwner`): local input goes to the input router
/// (`route`), the overlay is computed for the frame (`overlay()`), and history mode gets the
/// front host's rewind from the snapshot recorder, its note, and the clipboard through the
/// alert centre.
extension AttachRun: RelayOwner {
    func relay(_ relay: RelayLoop, received event: InputEvent) {
        route(event)
    }

    func overlay(for relay: RelayLoop) -> Overlay? {
        overlay()
    }

    func holdsKeys(for relay: RelayLoop) -> Bool {
        input.holdsKeys
    }

    func rewind(for relay: RelayLoop) -> [SnapshotStore.Snapshot] {
        snapshots.store.snapshots(host: ring.front)
    }

    func historyNote(for relay: RelayLoop) -> String? {
        snapshots.note(front: ring.front)
    }

    func relay(_ relay: RelayLoop, copy text: String) -> String {
        alertCentre.copySelection(text)
    }
}
