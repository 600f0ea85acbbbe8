import Loop
import Render

/// The shown host's echo guesses on the front view's frames (ADR 0015): a key sent to the host is
/// guessed at once, every frame checks the guesses against the host's screen (confirming or
/// withdrawing them), and a timer withdraws the ones the host never confirmed. Owns that
/// timer and which host's prediction is shown; the front view lends its renderer for each step.
final class EchoGuesses {
    /// The shown host's prediction; switching to another drops the guesses.
    private(set) var predictor = EchoPredictor(mode: .never)
    private let expiryTimer: LoopTimer
    /// Withdraws the guesses that ran out of time from the front view's frame (and draws).
    private let withdrawExpired: (inout PredictionEngine) -> Void

    init(loop: EventLoop, withdrawExpired: @escaping (inout PredictionEngine) -> Void) {
        expiryTimer = LoopTimer(on: loop)
        self.withdrawExpired = withdrawExpired
    }

    /// Shows `predictor`'s guesses from now on (another host came forward).
    func show(_ predictor: EchoPredictor) {
        self.predictor = predictor
        reset()
    }

    /// Drops the shown guesses (the screen is drawn again in full).
    func reset() {
        predictor.engine.reset()
        scheduleExpiry()
    }

    /// A key just sent to the host: `guess` draws its echo, unless the host does not take keys
    /// now (they are kept for later). True when a guess may have been drawn: a frame is due.
    func typed(_ guess: (inout PredictionEngine) -> Void) -> Bool {
        guard predictor.acceptsKeys() else { return false }
        predictor.update(guess)
        scheduleExpiry()
        return true
    }

    /// The frame for now, drawn by `render` with the guesses that still stand.
    func frame(_ render: (inout PredictionEngine) -> [UInt8]) -> [UInt8] {
        let bytes = predictor.update(render)
        scheduleExpiry()
        return bytes
    }

    /// Wakes up when the oldest guess runs out of time (1.5 round trips without its echo).
    private func scheduleExpiry() {
        guard let deadline = predictor.engine.deadline else { return expiryTimer.cancel() }
        expiryTimer.schedule(at: deadline) { [weak self] in
            guard let self else { return }
            self.predictor.update(self.withdrawExpired)
            self.scheduleExpiry()
        }
    }
}
