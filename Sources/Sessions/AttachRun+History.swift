import Console
import Foundation

/// History mode's links to the run: the front host's rewind from the recorder, the status
/// line's note, and where a copied selection goes.
extension AttachRun {
    func wireHistory() {
        relay.rewind = { [unowned self] in recorder.store.snapshots(host: ring.front) }
        relay.historyNote = { [unowned self] in recorder.note(front: ring.front) }
        relay.copyToClipboard = { [unowned self] text in copySelection(text) }
    }

    /// A selection copied with `y`: to the local clipboard (OSC 52, or `--copy-command`);
    /// returns what history mode's status line says.
    func copySelection(_ text: String) -> String {
        clipboard.copy(text) { bytes in try? ConsoleOutput.writeAll(STDOUT_FILENO, bytes) }
    }
}
