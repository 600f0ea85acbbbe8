import Loop
import Render
import VT

/// The relay's side of echo prediction: a key sent to the host is guessed at once, every
/// frame checks the guesses, and a timer withdraws the ones the host never confirmed.
extension RelayLoop {
    /// `event` was just sent to the host: guess its echo and draw the guess now.
    func predict(_ event: InputEvent) {
        guard predictor.acceptsKeys() else { return }
        let now = ContinuousClock.now
        predictor.update { engine in
            renderer.typed(event, terminal: terminal, predictions: &engine, at: now)
        }
        requestRender()
        scheduleExpiry()
    }

    /// The frame for now, with the shown guesses painted over the host's screen.
    func renderFrame(overlay: Overlay?, at now: ContinuousClock.Instant) -> [UInt8] {
        let bytes = predictor.update { engine in
            renderer.render(terminal, overlay: overlay, predictions: &engine, at: now)
        }
        scheduleExpiry()
        return bytes
    }

    /// Wakes up when the oldest guess runs out of time (1.5 round trips without its echo).
    func scheduleExpiry() {
        guard let deadline = predictor.engine.deadline else { return expiryTimer.cancel() }
        expiryTimer.schedule(at: deadline) { [weak self] in
            guard let self else { return }
            let withdrawn = self.predictor.update { engine in
                self.renderer.expire(terminal: self.terminal, predictions: &engine, at: .now)
            }
            if withdrawn { self.requestRender() }
            self.scheduleExpiry()
        }
    }
}
