import Loop
import VT

/// When the front view draws its next frame (ADR 0022): the first change after a quiet spell
/// on the loop's next turn, then at most one frame per `Configuration.interval(afterFrameOf:)`
/// after the last one; nothing while the host holds a synchronized update (mode 2026), up to
/// `synchronizedUpdateTimeout`. Owns the one render timer and the times it decides by; the
/// view draws, the pacer only says when.
final class FramePacer {
    private let configuration: FrontView.Configuration
    private let timer: LoopTimer
    /// When the last frame was written (the next waits `waitAfterLastFrame` after it).
    private var lastFrame: ContinuousClock.Instant?
    /// The last frame's size, and when a frame waits for the terminal to take it.
    private var lastFrameBytes = 0
    /// When the timer that is drawing now was due: a frame drawn late (the loop was inside a
    /// turn's reads) counts from up to half an interval earlier, so a flood's frame rate is
    /// the interval's, not the interval's plus each turn's lateness.
    private var firedDue: ContinuousClock.Instant?
    /// When the timer is set to draw (nil: no frame asked for).
    private var deadline: ContinuousClock.Instant?
    /// Since when the screen has been inside a synchronized update (nil: it is not).
    private var incompleteSince: ContinuousClock.Instant?
    /// How many of the next frames answer a key typed (its guess, then its echo): those wait
    /// only their predecessor's own time at the byte pace, not `frameInterval`.
    private var framesAnsweringKey = 0

    /// Frames after a key that may answer it: the guess, then the echo (or the echo alone).
    static let framesPerKey = 2

    init(loop: EventLoop, configuration: FrontView.Configuration) {
        self.configuration = configuration
        timer = LoopTimer(on: loop)
    }

    /// A frame is asked for: `draw` runs when pacing allows (at once on the next turn after a
    /// quiet spell). An earlier frame already set keeps its time.
    func request(frameComplete: Bool, now: ContinuousClock.Instant = .now, draw: @escaping () -> Void) {
        var due = lastFrame.map { max($0.advanced(by: waitAfterLastFrame), now) } ?? now
        if let updateEnd = updateEnd(frameComplete: frameComplete, now: now) { due = max(due, updateEnd) }
        if let deadline, deadline <= due { return }
        schedule(at: due, draw)
    }

    /// A frame is being drawn now: no timer waits for one any more.
    func cancel() {
        timer.cancel()
        deadline = nil
    }

    /// Whether the screen may be drawn now: false (and `draw` set for the timeout) while the
    /// host holds a synchronized update that has not run out of time.
    func mayDraw(frameComplete: Bool, now: ContinuousClock.Instant = .now, draw: @escaping () -> Void) -> Bool {
        guard let updateEnd = updateEnd(frameComplete: frameComplete, now: now), now < updateEnd else { return true }
        schedule(at: updateEnd, draw)
        return false
    }

    /// Whether the screen may be drawn now that the terminal's queue holds `queued` bytes: false
    /// (and `draw` set to ask again) while it still holds much of the last frame, up to the
    /// 20 frames/s floor (`TerminalQueuePacing`).
    func mayDraw(terminalQueued queued: Int, now: ContinuousClock.Instant = .now, draw: @escaping () -> Void) -> Bool {
        guard let lastFrame, let wait = configuration.terminalQueuePacing.wait(queued: queued, lastFrameBytes: lastFrameBytes,
                                                          sinceLastFrame: now - lastFrame) else { return true }
        schedule(at: now.advanced(by: wait), draw)
        return false
    }

    /// A key went to the front host: the next frames answer it (ADR 0035).
    func keyTyped() {
        framesAnsweringKey = Self.framesPerKey
    }

    /// `event` went to the front host: a key, text, a paste or a click is answered by the next
    /// frames; mouse motion and focus reports are not, or a mouse moved over a streaming
    /// program would lift the frame interval for as long as it moves.
    func sent(_ event: InputEvent) {
        switch event {
        case .key, .keyEvent, .text, .paste: keyTyped()
        case .mouse(let mouse) where mouse.action != .motion: keyTyped()
        case .mouse, .focus: break
        }
    }

    /// A frame of `bytes` went to the local terminal at `now`: the next one waits its interval.
    func drew(bytes: Int, at now: ContinuousClock.Instant = .now) {
        let late = firedDue.map { min(max(now - $0, .zero), configuration.interval(afterFrameOf: lastFrameBytes) / 2) } ?? .zero
        firedDue = nil
        lastFrame = now - late
        lastFrameBytes = bytes
        framesAnsweringKey = max(framesAnsweringKey - 1, 0)
    }

    /// Whether a frame drawn at `now` keeps the pace (a synchronized update just ended whole).
    func isDue(at now: ContinuousClock.Instant = .now) -> Bool {
        lastFrame.map { now >= $0.advanced(by: waitAfterLastFrame) } ?? true
    }

    /// The next frame's wait after the last one: shorter while frames answer a key.
    private var waitAfterLastFrame: Duration {
        configuration.interval(afterFrameOf: lastFrameBytes, answeringKey: framesAnsweringKey > 0)
    }

    /// Another screen is shown: an update the last one held says nothing about it.
    func screenChanged() {
        incompleteSince = nil
    }

    /// When the synchronized update the screen is in stops holding frames back (nil: it is in none).
    private func updateEnd(frameComplete: Bool, now: ContinuousClock.Instant) -> ContinuousClock.Instant? {
        guard !frameComplete else {
            incompleteSince = nil
            return nil
        }
        let since = incompleteSince ?? now
        incompleteSince = since
        return since.advanced(by: configuration.synchronizedUpdateTimeout)
    }

    private func schedule(at due: ContinuousClock.Instant, _ draw: @escaping () -> Void) {
        deadline = due
        timer.schedule(at: due) { [weak self] in
            self?.deadline = nil
            self?.firedDue = due
            draw()
        }
    }
}
