import History
import Render
import VT

/// What the front view asks of whoever runs it (in Drover, the attach run): one weak reference
/// instead of a closure per question, so the front view holds no state of its owner's.
public protocol FrontViewOwner: AnyObject {
    /// A decoded local event. The owner decides who gets it; what is the remote's it sends back
    /// through `FrontView.forward`.
    func frontView(_ view: FrontView, received event: InputEvent)
    /// The overlay for the frame being drawn (a question, a box, the status line), or nil.
    func overlay(for view: FrontView) -> Overlay?
    /// The shown host's past screens (oldest first) for history mode's rewind.
    func rewind(for view: FrontView) -> [SnapshotStore.Snapshot]
    /// A short note for history mode's status line (the rewind's size).
    func historyNote(for view: FrontView) -> String?
    /// Puts a selection copied in history mode on the local clipboard; returns what history
    /// mode's status line says.
    func frontView(_ view: FrontView, copy text: String) -> String
    /// True while the owner, not the host, takes the keys (a question, a picker, a help box, a
    /// pressed prefix): the local terminal's keyboard mode is given back meanwhile.
    func holdsKeys(for view: FrontView) -> Bool
    /// A remark for the person (what is lost when the local terminal has no keyboard protocol).
    func frontView(_ view: FrontView, note text: String)
    /// The local terminal said what it looks like (colours, cell size): every host's emulator
    /// should answer with it (the shown one already does).
    func frontView(_ view: FrontView, learned appearance: LocalAppearance)
}

extension FrontViewOwner {
    public func holdsKeys(for view: FrontView) -> Bool { false }
    public func frontView(_ view: FrontView, note text: String) {}
    public func frontView(_ view: FrontView, learned appearance: LocalAppearance) {}
}
