import History
import Render
import VT

/// What the relay asks of whoever runs it (in Drover, the attach run): one weak reference
/// instead of a closure per question, so the relay holds no state of its owner's.
public protocol RelayOwner: AnyObject {
    /// A decoded local event. The owner decides who gets it; what is the remote's it sends back
    /// through `RelayLoop.forward`.
    func relay(_ relay: RelayLoop, received event: InputEvent)
    /// The overlay for the frame being drawn (a question, a box, the status line), or nil.
    func overlay(for relay: RelayLoop) -> Overlay?
    /// The shown host's past screens (oldest first) for history mode's rewind.
    func rewind(for relay: RelayLoop) -> [SnapshotStore.Snapshot]
    /// A short note for history mode's status line (the rewind's size).
    func historyNote(for relay: RelayLoop) -> String?
    /// Puts a selection copied in history mode on the local clipboard; returns what history
    /// mode's status line says.
    func relay(_ relay: RelayLoop, copy text: String) -> String
    /// True while the owner, not the host, takes the keys (a question, a picker, a help box, a
    /// pressed prefix): the local terminal's keyboard mode is given back meanwhile.
    func holdsKeys(for relay: RelayLoop) -> Bool
}

extension RelayOwner {
    public func holdsKeys(for relay: RelayLoop) -> Bool { false }
}
