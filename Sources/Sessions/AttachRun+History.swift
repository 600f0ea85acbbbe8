import Console
import Foundation

/// History mode's links to the run: the front host's rewind from the snapshot recorder, the status
/// line's note, and where a copied selection goes.
extension AttachRun {
    func wireHistory() {
        relay.rewind = { [unowned self] in snapshots.store.snapshots(host: ring.front) }
        relay.historyNote = { [unowned self] in snapshots.note(front: ring.front) }
        relay.copyToClipboard = { [unowned self] text in copySelection(text) }
    }

    /// A selection copied with `y`: to the local clipboard (OSC 52, or `--copy-command`);
    /// returns what history mode's status line says.
    func copySelection(_ text: String) -> String {
        copyToLocal(Array(text.utf8))
        return signalOptions.copyCommand == nil ? "copied to the clipboard" : "copied with --copy-command"
    }
}
