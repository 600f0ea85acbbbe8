import Console
import Foundation

/// History mode's links to the run: the front host's rewind from the snapshot recorder, the status
/// line's note, and where a copied selection goes.
extension AttachRun {
    func wireHistory() {
        relay.rewind = { [unowned self] in snapshots.store.snapshots(host: ring.front) }
        relay.historyNote = { [unowned self] in snapshots.note(front: ring.front) }
        relay.copyToClipboard = { [unowned self] text in alertCentre.copySelection(text) }
    }
}
