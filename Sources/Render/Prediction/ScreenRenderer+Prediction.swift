import VT

/// The two moments the engine needs the remote screen outside a frame: a key typed, and a
/// guess running out. Both read the renderer's kept remote frame, brought up to date first,
/// so guesses are always made against the host's latest known screen.
extension ScreenRenderer {
    /// `event` went to the host: the engine sees the screen as it is now, then guesses.
    public mutating func typed(_ event: InputEvent, terminal: Terminal,
                               predictions: inout PredictionEngine, at now: ContinuousClock.Instant) {
        refreshRemote(from: terminal)
        guard let current = remote else { return }
        predictions.remoteChanged(current, at: now)
        predictions.typed(event, on: current, at: now)
    }

    /// The oldest guess's time is up: withdraws every guess (returns true when it did). A
    /// cursor that has not moved since that key marks a prompt that does not echo.
    @discardableResult
    public mutating func expire(terminal: Terminal, predictions: inout PredictionEngine,
                                at now: ContinuousClock.Instant) -> Bool {
        refreshRemote(from: terminal)
        guard let current = remote else { return false }
        predictions.remoteChanged(current, at: now)
        return predictions.expire(at: now, cursor: GridPoint(row: current.cursorRow, column: current.cursorColumn))
    }
}
