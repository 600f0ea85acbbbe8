import VT
import Render
import TextSafety

/// A remote emulator and an engine on a pretend clock (milliseconds from `start`), the way the
/// relay drives them: every key and every frame first shows the engine the host's screen.
struct PredictionRig {
    let remote: Terminal
    var engine: PredictionEngine
    let start = ContinuousClock.now

    init(mode: PredictionMode = .always, prompt: String = "$ ", columns: Int = 20, rows: Int = 5) {
        remote = Terminal(columns: columns, rows: rows)
        remote.feed(prompt)
        engine = PredictionEngine(mode: mode)
    }

    func at(_ ms: Int) -> ContinuousClock.Instant { start + .milliseconds(ms) }

    mutating func type(_ event: InputEvent, at ms: Int) {
        let frame = remote.frame()
        engine.remoteChanged(frame, at: at(ms))
        engine.typed(event, on: frame, at: at(ms))
    }

    mutating func type(_ text: String, at ms: Int) {
        for scalar in text.unicodeScalars { type(.text(String(scalar)), at: ms) }
    }

    /// The host writes `bytes`; returns what its next frame did to the guesses.
    @discardableResult
    mutating func host(_ bytes: String, at ms: Int) -> PredictionEngine.Outcome {
        remote.feed(bytes)
        return engine.remoteChanged(remote.frame(), at: at(ms))
    }

    @discardableResult
    mutating func expire(at ms: Int) -> Bool {
        let frame = remote.frame()
        return engine.expire(at: at(ms), cursor: GridPoint(row: frame.cursorRow, column: frame.cursorColumn))
    }

    /// What the person sees: the host's frame with the shown guesses over it.
    var screen: Frame { engine.composed(onto: remote.frame()) }

    /// Row `row` of what the person sees.
    func line(_ row: Int = 0) -> String { screen.rowText(row) }

    /// Confirms an epoch: types `text` and lets the host echo it, so later keys are drawn.
    mutating func settle(_ text: String, at ms: Int) {
        type(text, at: ms)
        host(text, at: ms + 10)
    }
}
