import Loop

/// Ends SSH connections for a thread that must never wait (the attach loop): a terminal
/// channel's end of input and close, then the session's goodbye, each sent when libssh2 can
/// take it under the one-pending-packet rule (`SSHSession+SendTurn.swift`), and the server's
/// answers taken in later loop turns as its socket becomes ready. A server that has not
/// answered within `patience` is not waited for: the socket is shut down and the session freed,
/// which then needs nothing from the server. On the loop's thread only, like the sessions.
public final class SessionCloser {
    /// How long one connection may take to close before it is cut.
    public let patience: Duration
    private let loop: EventLoop
    private var closing: [Int: Closing] = [:]
    private var nextID = 0

    /// One connection on its way out, with what its loop registrations are.
    private final class Closing {
        let session: SSHSession
        var channel: SSHChannel?
        var exit: SSHExit?
        let done: ((SSHExit?) -> Void)?
        var watch: EventLoop.WatchToken?
        let timer: LoopTimer

        init(session: SSHSession, channel: SSHChannel?, done: ((SSHExit?) -> Void)?, loop: EventLoop) {
            self.session = session
            timer = LoopTimer(on: loop)
            self.channel = channel
            self.done = done
        }
    }

    public init(loop: EventLoop, patience: Duration = .seconds(5)) {
        self.loop = loop
        self.patience = patience
    }

    deinit {
        for entry in closing.values { release(entry) }
    }

    /// Connections not finished yet.
    public var count: Int { closing.count }

    /// Closes `channel` (if given: its end of input and close, then the server's close with
    /// how the command ended) and ends `session`. Returns at once; `done` gets the command's
    /// exit, or nil when there was no channel or the server did not answer within `patience`.
    /// `done` runs before this returns when nothing had to be waited for.
    public func close(_ session: SSHSession, channel: SSHChannel? = nil, done: ((SSHExit?) -> Void)? = nil) {
        let id = nextID
        nextID += 1
        let entry = Closing(session: session, channel: channel, done: done, loop: loop)
        closing[id] = entry
        entry.watch = loop.watch(session.socketDescriptor, for: .readable) { [weak self] events in
            guard let self else { return }
            step(id)
            // The server went away: nothing more will come.
            if !events.isDisjoint(with: [.hangup, .error]) { finish(id) }
        }
        entry.timer.schedule(after: patience) { [weak self] in self?.finish(id) }
        step(id)
    }

    /// Drover is ending: every connection gets one last try at its goodbye and is cut, without
    /// telling its `done`.
    public func finishNow() {
        for entry in closing.values { release(entry) }
        closing.removeAll()
    }

    /// Does what can be done now; registers for what it waits on next.
    private func step(_ id: Int) {
        guard let entry = closing[id] else { return }
        if let channel = entry.channel {
            guard channel.closeStep() else { return wait(entry) }
            entry.exit = channel.exit
            entry.channel = nil
        }
        guard entry.session.end(force: false) else { return wait(entry) }
        finish(id)
    }

    /// Watches the socket in the directions libssh2 waits on; while a packet whose caller is
    /// gone holds the session (nothing here can finish it), only `patience` is left to wait.
    private func wait(_ entry: Closing) {
        guard let watch = entry.watch else { return }
        let session = entry.session
        let ownHold = session.isHeld(by: session) || entry.channel.map { session.isHeld(by: $0) } == true
        if session.hasPendingSend && !ownHold {
            loop.setEvents([], for: watch)
            return
        }
        var events: EventLoop.Events = .readable
        if session.blockDirections.contains(.outbound) || session.hasPendingSend { events.insert(.writable) }
        loop.setEvents(events, for: watch)
    }

    /// The connection is done (closed, or out of time): cut and reported.
    private func finish(_ id: Int) {
        guard let entry = closing.removeValue(forKey: id) else { return }
        release(entry)
        entry.done?(entry.exit)
    }

    private func release(_ entry: Closing) {
        if let watch = entry.watch { loop.unwatch(watch) }
        entry.timer.cancel()
        entry.watch = nil
        entry.session.end(force: true)
        entry.channel = nil
    }
}
