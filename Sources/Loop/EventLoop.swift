import LibC

/// One poll(2) loop for everything Drover waits on: the local terminal, any number of other
/// descriptors (SSH sockets, with the directions their owner asks for), signals (through a
/// self-pipe) and timers. It sleeps in poll with no timeout when no timer is due, so an idle
/// session costs no CPU. Single-threaded: handlers run on the thread that calls `run`.
///
/// One turn (`runOnce`): one poll, then the signal handlers, then each watched descriptor's
/// handler at most once (in the order they were watched), then the timers that are due and
/// were scheduled before this turn began, by deadline. A timer scheduled during a turn, even
/// one due at once (`nextTurn`), waits for the next turn, after that turn's descriptors: a
/// handler that asks to go on later cannot run twice in one turn ahead of everything else.
///
/// Create the `ConsoleSession` before routing SIGINT/SIGTERM/SIGHUP here: the last handler
/// installed for a signal owns it, and a loop that owns a termination signal must restore the
/// terminal itself.
public final class EventLoop {
    /// What a descriptor is waited for, or what happened to it.
    public struct Events: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let readable = Events(rawValue: 1)
        public static let writable = Events(rawValue: 2)
        /// The other end closed (reported whether or not it was asked for).
        public static let hangup = Events(rawValue: 4)
        /// An error or an invalid descriptor (reported whether or not it was asked for).
        public static let error = Events(rawValue: 8)
    }

    public struct WatchToken: Hashable, Sendable { let id: Int }
    public struct TimerToken: Hashable, Sendable { let id: Int }

    private struct Watch {
        var fd: Int32
        var events: Events
        var handler: (Events) -> Void
    }

    private struct Timer {
        var deadline: ContinuousClock.Instant
        /// The turn it was scheduled in: it fires in a later one.
        var turn: Int
        var handler: () -> Void
    }

    private var watches: [Int: Watch] = [:]
    private var watchOrder: [Int] = []
    private var timers: [Int: Timer] = [:]
    private var signalHandlers: [Int32: () -> Void] = [:]
    private var nextID = 1
    /// Counts turns: `runOnce` starts a new one.
    private var turn = 0
    private var stopped = false
    private let pipeRead: Int32
    private let pipeWrite: Int32

    public init() throws {
        (pipeRead, pipeWrite) = try nonBlockingPipe()
    }

    deinit {
        for signal in signalHandlers.keys { SignalPipe.unroute(signal, from: pipeWrite) }
        close(pipeRead)
        close(pipeWrite)
    }

    // MARK: Registration

    /// Calls `handler` whenever `fd` is ready for `events` (or hung up / failed). A handler
    /// told `.hangup` or `.error` should unwatch the descriptor, or it is called again at once.
    @discardableResult
    public func watch(_ fd: Int32, for events: Events, handler: @escaping (Events) -> Void) -> WatchToken {
        let id = takeID()
        watches[id] = Watch(fd: fd, events: events, handler: handler)
        watchOrder.append(id)
        return WatchToken(id: id)
    }

    /// Changes the directions a descriptor is waited for (e.g. add `.writable` while output is queued).
    public func setEvents(_ events: Events, for token: WatchToken) {
        watches[token.id]?.events = events
    }

    public func unwatch(_ token: WatchToken) {
        watches[token.id] = nil
        watchOrder.removeAll { $0 == token.id }
    }

    /// Runs `handler` on the loop after `signal` arrives (several arrivals may merge into one call).
    public func onSignal(_ signal: Int32, handler: @escaping () -> Void) {
        signalHandlers[signal] = handler
        SignalPipe.route(signal, to: pipeWrite)
    }

    /// Calls `handler` once, at or after `deadline`, and never in the turn that scheduled it.
    @discardableResult
    public func schedule(at deadline: ContinuousClock.Instant, handler: @escaping () -> Void) -> TimerToken {
        let id = takeID()
        timers[id] = Timer(deadline: deadline, turn: turn, handler: handler)
        return TimerToken(id: id)
    }

    /// Calls `handler` once, on the next turn, after that turn's descriptors: "go on later,
    /// once the others had theirs".
    @discardableResult
    public func nextTurn(handler: @escaping () -> Void) -> TimerToken {
        schedule(at: .now, handler: handler)
    }

    /// Calls `handler` once, after `delay`.
    @discardableResult
    public func schedule(after delay: Duration, handler: @escaping () -> Void) -> TimerToken {
        schedule(at: ContinuousClock.now.advanced(by: delay), handler: handler)
    }

    public func cancel(_ token: TimerToken) {
        timers[token.id] = nil
    }

    /// Whether `token`'s handler is still to run (not fired, not cancelled).
    public func isScheduled(_ token: TimerToken) -> Bool {
        timers[token.id] != nil
    }

    /// How many timers wait to fire: tests use it to see that a busy handler does not pile
    /// them up.
    public var scheduledTimerCount: Int { timers.count }

    /// Ends `run()` now: the handler that calls it finishes, and no other handler of the same
    /// round runs. Drover stops to exit (a detach), and a handler still due, such as a frame
    /// render of a busy screen, would only delay the exit the person asked for.
    public func stop() {
        stopped = true
    }

    // MARK: Running

    /// Runs until `stop()` is called.
    public func run() throws {
        stopped = false
        while !stopped { try runOnce() }
    }

    /// One turn: waits for the next descriptor, signal or timer and runs the handlers that are
    /// due (the order is in the type's comment).
    public func runOnce() throws {
        turn += 1
        var descriptors = [pollfd(fd: pipeRead, events: Int16(POLLIN), revents: 0)]
        let ids = watchOrder
        for id in ids {
            guard let watch = watches[id] else { continue }
            var events: Int16 = 0
            if watch.events.contains(.readable) { events |= Int16(POLLIN) }
            if watch.events.contains(.writable) { events |= Int16(POLLOUT) }
            descriptors.append(pollfd(fd: watch.fd, events: events, revents: 0))
        }
        let ready = poll(&descriptors, nfds_t(descriptors.count), pollTimeout(now: .now))
        if ready < 0 {
            guard errno == EINTR else { throw LoopError.system(call: "poll", errno: errno) }
        }
        if ready > 0 {
            if descriptors[0].revents != 0 { dispatchSignals() }
            for (offset, id) in ids.enumerated() where !stopped {
                let revents = descriptors[offset + 1].revents
                guard revents != 0, let watch = watches[id] else { continue }
                watch.handler(Self.events(from: revents))
            }
        }
        if !stopped { fireDueTimers() }
    }

    /// Milliseconds poll may sleep: until the nearest timer (rounded up), -1 when none.
    func pollTimeout(now: ContinuousClock.Instant) -> Int32 {
        guard let nearest = timers.values.map(\.deadline).min() else { return -1 }
        if nearest <= now { return 0 }
        let remaining = now.duration(to: nearest).components
        let milliseconds = remaining.seconds * 1000 + (remaining.attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: milliseconds)
    }

    private func dispatchSignals() {
        var buffer = [UInt8](repeating: 0, count: 64)
        var arrived = Set<Int32>()
        while true {
            let count = read(pipeRead, &buffer, buffer.count)
            if count <= 0 { break }
            for byte in buffer[0..<count] { arrived.insert(Int32(byte)) }
        }
        for signal in arrived.sorted() { signalHandlers[signal]?() }
    }

    /// Timers scheduled in an earlier turn whose deadline passed, by deadline, then in the
    /// order they were scheduled.
    private func fireDueTimers() {
        let now = ContinuousClock.now
        let due = timers.filter { $0.value.deadline <= now && $0.value.turn < turn }
            .sorted { ($0.value.deadline, $0.key) < ($1.value.deadline, $1.key) }
        for (id, timer) in due where timers[id] != nil && !stopped {
            timers[id] = nil
            timer.handler()
        }
    }

    private func takeID() -> Int {
        defer { nextID += 1 }
        return nextID
    }

    private static func events(from revents: Int16) -> Events {
        var events: Events = []
        if revents & Int16(POLLIN) != 0 { events.insert(.readable) }
        if revents & Int16(POLLOUT) != 0 { events.insert(.writable) }
        if revents & Int16(POLLHUP) != 0 { events.insert(.hangup) }
        if revents & Int16(POLLERR | POLLNVAL) != 0 { events.insert(.error) }
        return events
    }
}
