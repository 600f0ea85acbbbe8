/// One named timer of its owner (a keepalive, a pump's next turn, a frame that is due):
/// scheduling it again replaces what was pending, so an owner holds no token to cancel and
/// never two of one timer by mistake. Owners keep it as a `let`; it cancels what is pending
/// when it goes, so a dropped owner's handler never runs. Loop thread only, like its loop.
public final class LoopTimer {
    private let loop: EventLoop
    private var token: EventLoop.TimerToken?

    public init(on loop: EventLoop) {
        self.loop = loop
    }

    deinit {
        cancel()
    }

    /// Whether the handler is still to run: false once it ran (already inside it) or was cancelled.
    public var isPending: Bool {
        token.map(loop.isScheduled) ?? false
    }

    /// Runs `handler` once at or after `deadline` (in a later turn), instead of what was pending.
    public func schedule(at deadline: ContinuousClock.Instant, handler: @escaping () -> Void) {
        cancel()
        token = loop.schedule(at: deadline, handler: handler)
    }

    /// Runs `handler` once after `delay` (in a later turn), instead of what was pending.
    public func schedule(after delay: Duration, handler: @escaping () -> Void) {
        cancel()
        token = loop.schedule(after: delay, handler: handler)
    }

    /// Runs `handler` on the loop's next turn, instead of what was pending.
    public func nextTurn(handler: @escaping () -> Void) {
        cancel()
        token = loop.nextTurn(handler: handler)
    }

    /// Forgets what is pending; nothing when nothing is.
    public func cancel() {
        if let token { loop.cancel(token) }
        token = nil
    }
}
