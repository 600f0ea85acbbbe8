import VT

/// Draws one emulator's screen on the local terminal frame after frame, doing work in
/// proportion to what changed (the way mosh keeps its last frame):
///
/// - the remote frame, without overlays, is kept and brought up to date in place from the
///   emulator's row versions (`Terminal.update`), so unchanged rows are not converted again;
/// - when no overlay is involved, what the local terminal shows is that same remote frame, so
///   `FrameDiff` skips rows whose version did not move without comparing their cells;
/// - an overlay is composed onto a copy afterwards, only while one is shown;
/// - the bytes go into one buffer that is emptied, not reallocated, for every frame.
///
/// A value with no I/O: the caller writes what `render` returns.
public struct ScreenRenderer {
    public var capabilities: ConsoleCapabilities
    /// The remote screen as of the last frame, never with an overlay on it.
    var remote: Frame?
    /// The emulator `remote` was taken from: row versions only compare within one. Held, not
    /// just identified, so a new emulator can never pass for a freed one at the same address.
    var source: Terminal?
    /// What the local terminal shows; nil when unknown (the next frame redraws everything).
    /// It owns its cell storage, so updating `remote` in place never copies.
    private var shown: Frame?
    /// True when `shown` is `remote` as it was drawn: equal row versions mean equal rows.
    var shownIsRemote = false
    private var out: [UInt8] = []
    /// Signals (bell, clipboard, notification) for the end of the next frame, bounded.
    private var signals = AlertBacklog()
    public var notificationStyle = ConsoleAlert.NotificationStyle.osc777

    public init(capabilities: ConsoleCapabilities) {
        self.capabilities = capabilities
    }

    /// Writes `signal` after the next frame's drawing (even if nothing else changed).
    public mutating func queue(_ signal: ConsoleAlert) {
        signals.add(signal)
    }

    /// Forgets what the local terminal shows and the kept remote frame: the next frame reads
    /// every row from the emulator again, clears the screen and draws everything. A redraw
    /// (`ctrl+] r`, a resize, a host switch) thereby also repairs a row whose damage was missed.
    public mutating func invalidate() {
        shown = nil
        shownIsRemote = false
        remote = nil
    }

    /// The bytes that turn the local terminal from the last frame into `terminal`'s screen
    /// with `overlay` on top (empty when nothing changed). Do not keep the array past the
    /// next call, or that call has to copy the buffer instead of reusing it.
    public mutating func render(_ terminal: Terminal, overlay: Overlay?) -> [UInt8] {
        var none = PredictionEngine(mode: .never)
        return render(terminal, overlay: overlay, predictions: &none, at: .now)
    }

    /// As `render(_:overlay:)` with echo guesses between the remote screen and the overlay:
    /// `predictions` first sees the new remote frame (confirming or withdrawing guesses), then
    /// its shown guesses are painted over a copy. The kept remote frame never holds a guess,
    /// so a withdrawn guess is diffed back to exactly the host's cells.
    public mutating func render(_ terminal: Terminal, overlay: Overlay?,
                                predictions: inout PredictionEngine, at now: ContinuousClock.Instant) -> [UInt8] {
        refreshRemote(from: terminal)
        guard let current = remote else { return [] }
        predictions.remoteChanged(current, at: now)
        out.removeAll(keepingCapacity: true)
        if overlay != nil || predictions.hasShownGuesses {
            var composed = predictions.hasShownGuesses ? predictions.composed(onto: current) : current
            if let overlay { composed = overlay.composed(onto: composed) }
            FrameDiff.render(from: shown, to: composed, capabilities: capabilities,
                             rowVersionsComparable: false, into: &out)
            shown = composed
            shownIsRemote = false
        } else {
            FrameDiff.render(from: shown, to: current, capabilities: capabilities,
                             rowVersionsComparable: shown != nil && shownIsRemote, into: &out)
            keep(current)
            shownIsRemote = true
        }
        signals.drain(into: &out, style: notificationStyle)
        return out
    }

    /// Brings the kept remote frame up to `terminal`'s screen (all of it for a new emulator).
    mutating func refreshRemote(from terminal: Terminal) {
        if source !== terminal {
            source = terminal
            remote = nil
            shownIsRemote = false
        }
        if remote == nil {
            remote = terminal.frame()
        } else {
            terminal.update(&remote!)
        }
    }

    /// The bytes that turn the local terminal into `frame`, a screen Drover made itself (history
    /// mode): diffed by cells, and the kept remote frame is dropped so the next `render` of an
    /// emulator reads it whole again.
    public mutating func render(frame: Frame, overlay: Overlay?) -> [UInt8] {
        source = nil
        remote = nil
        shownIsRemote = false
        let next = overlay.map { $0.composed(onto: frame) } ?? frame
        out.removeAll(keepingCapacity: true)
        FrameDiff.render(from: shown, to: next, capabilities: capabilities, rowVersionsComparable: false, into: &out)
        shown = next
        signals.drain(into: &out, style: notificationStyle)
        return out
    }

    /// Makes `shown` equal to `frame` in `shown`'s own storage, copying only the rows that
    /// can differ (those whose version moved, or all after an overlay).
    private mutating func keep(_ frame: Frame) {
        guard var old = shown, old.columns == frame.columns, old.rows == frame.rows,
              old.cells.count == frame.cells.count, old.rowVersions.count == frame.rowVersions.count else {
            var copy = frame
            copy.cells.withUnsafeMutableBufferPointer { _ in }  // own storage from now on
            copy.rowVersions.withUnsafeMutableBufferPointer { _ in }
            shown = copy
            return
        }
        shown = nil
        var copy = frame
        swap(&copy.cells, &old.cells)
        swap(&copy.rowVersions, &old.rowVersions)
        let columns = frame.columns
        for r in 0..<frame.rows where !shownIsRemote || copy.rowVersions[r] != frame.rowVersions[r] {
            copy.rowVersions[r] = frame.rowVersions[r]
            copy.cells.withUnsafeMutableBufferPointer { target in
                frame.cells.withUnsafeBufferPointer { source in
                    for i in (r * columns)..<((r + 1) * columns) { target[i] = source[i] }
                }
            }
        }
        shown = copy
    }
}
