import LibC
import Loop

/// What a signal handler needs to give the terminal back, kept in memory allocated once so
/// the handler only reads it and calls async-signal-safe functions (write(2), tcsetattr(3),
/// sigaction(2), raise(3)).
enum SignalRestore {
    struct Storage {
        var armed: Int32 = 0
        var inputFD: Int32 = -1
        var outputFD: Int32 = -1
        var byteCount: Int = 0
        /// How many of `keyboardBytes` to write first (the local keyboard mode's undo).
        var keyboardByteCount: Int = 0
        var settings = termios()
        /// The longest the handler waits, in all, for a terminal that is busy taking a frame.
        var patienceMilliseconds: Int = 1000
    }

    static let capacity = 512
    nonisolated(unsafe) static let storage: UnsafeMutablePointer<Storage> = {
        let pointer = UnsafeMutablePointer<Storage>.allocate(capacity: 1)
        pointer.initialize(to: Storage())
        return pointer
    }()
    nonisolated(unsafe) static let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    static let keyboardCapacity = 32
    nonisolated(unsafe) static let keyboardBytes = UnsafeMutablePointer<UInt8>.allocate(capacity: keyboardCapacity)
    /// The dispositions the signals had before ours, indexed by signal number.
    nonisolated(unsafe) static let previousActions: UnsafeMutablePointer<sigaction> = {
        let pointer = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
        pointer.initialize(repeating: sigaction(), count: 65)
        return pointer
    }()
    nonisolated(unsafe) static let installed: UnsafeMutablePointer<Bool> = {
        let pointer = UnsafeMutablePointer<Bool>.allocate(capacity: 65)
        pointer.initialize(repeating: false, count: 65)
        return pointer
    }()

    /// Signals that end the process: restore, then die of the same signal.
    static let terminationSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]
    /// Crashes: restore as far as a handler can, then let the previous handler (or the default
    /// action) have the signal.
    static let crashSignals: [Int32] = [SIGSEGV, SIGBUS, SIGABRT, SIGILL, SIGFPE, SIGTRAP]

    /// Records what to write and which termios to put back, then installs the handlers.
    static func arm(input: Int32, output: Int32, termios saved: termios, restoreBytes: [UInt8],
                    patience: Duration = .seconds(1)) {
        let count = min(restoreBytes.count, capacity)
        restoreBytes.withUnsafeBufferPointer { buffer in
            if let base = buffer.baseAddress { bytes.update(from: base, count: count) }
        }
        storage.pointee.inputFD = input
        storage.pointee.outputFD = output
        storage.pointee.byteCount = count
        storage.pointee.keyboardByteCount = 0
        storage.pointee.settings = saved
        storage.pointee.patienceMilliseconds = Int(patience.components.seconds * 1000
                                                   + patience.components.attoseconds / 1_000_000_000_000_000)
        storage.pointee.armed = 1
        for signal in terminationSignals + crashSignals { install(signal) }
    }

    /// What turns the local terminal's keyboard mode off now (`LocalKeyboard.undo`), written
    /// before the restore bytes (on kitty's alternate screen, whose stack the push went on).
    /// The count is cleared while the bytes change, so a signal meanwhile writes none of them
    /// rather than a torn sequence.
    static func setKeyboardUndo(_ undo: [UInt8]) {
        storage.pointee.keyboardByteCount = 0
        let count = min(undo.count, keyboardCapacity)
        undo.withUnsafeBufferPointer { buffer in
            if let base = buffer.baseAddress { keyboardBytes.update(from: base, count: count) }
        }
        storage.pointee.keyboardByteCount = count
    }

    /// Stops the handlers from restoring and puts the previous dispositions back.
    static func disarm() {
        storage.pointee.armed = 0
        for signal in terminationSignals + crashSignals where installed[Int(signal)] {
            // A signal an event loop routed since is the loop's now: leave its handler alone.
            if !SignalPipe.isRouted(signal) { sigaction(signal, previousActions + Int(signal), nil) }
            installed[Int(signal)] = false
        }
    }

    /// Whether `signal` is currently handled by the restore handler (not by an event loop's
    /// self-pipe, which takes over a signal routed after the terminal was armed).
    static func isInstalled(_ signal: Int32) -> Bool { installed[Int(signal)] && !SignalPipe.isRouted(signal) }

    private static func install(_ signal: Int32) {
        guard !installed[Int(signal)] else { return }
        var current = sigaction()
        sigaction(signal, nil, &current)
        // A signal the parent chose to ignore (nohup) stays ignored.
        if handlerAddress(current) == 1 { return }
        var action = sigaction()
        action.handler = restoreHandler
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        previousActions[Int(signal)] = current
        sigaction(signal, &action, nil)
        installed[Int(signal)] = true
    }

    private static func handlerAddress(_ action: sigaction) -> Int {
        let handler = action.handler
        return unsafeBitCast(handler, to: Int.self)
    }

    /// Writes the restore bytes and puts termios back. Async-signal-safe; does nothing unless
    /// armed. The output is `ConsoleSession.frameOutput`, Drover's own non-blocking description
    /// of the terminal. A terminal still taking a frame (a flood fills its buffer every frame)
    /// is waited for with poll(2), as `restore()` waits, but at most `patienceMilliseconds` in
    /// all: one that does not read loses the rest of the bytes rather than keep the process from
    /// dying (only where the terminal could not be reopened does write(2) itself wait).
    /// No file status flags are put back: the shared ones were never changed.
    static func restoreFromSignal() {
        let state = storage
        guard state.pointee.armed == 1 else { return }
        state.pointee.armed = 0
        let fd = state.pointee.outputFD
        let deadline = monotonicMilliseconds() + state.pointee.patienceMilliseconds
        if writeAll(fd, keyboardBytes, state.pointee.keyboardByteCount, deadline: deadline) {
            _ = writeAll(fd, bytes, state.pointee.byteCount, deadline: deadline)
        }
        withUnsafePointer(to: &state.pointee.settings) { _ = tcsetattr(state.pointee.inputFD, TCSANOW, $0) }
    }

    /// Writes `count` bytes, waiting for a busy terminal until `deadline`; false when it gave up.
    private static func writeAll(_ fd: Int32, _ source: UnsafeMutablePointer<UInt8>, _ count: Int,
                                 deadline: Int) -> Bool {
        var written = 0
        while written < count {
            let result = write(fd, source + written, count - written)
            if result > 0 {
                written += result
                continue
            }
            let code = errno
            if result < 0 && code == EINTR { continue }
            guard result < 0 && (code == EAGAIN || code == EWOULDBLOCK) else { return false }
            let left = deadline - monotonicMilliseconds()
            guard left > 0 else { return false }
            var descriptor = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            _ = poll(&descriptor, 1, Int32(clamping: left))
        }
        return true
    }

    /// CLOCK_MONOTONIC in milliseconds, by clock_gettime(2) (async-signal-safe).
    private static func monotonicMilliseconds() -> Int {
        var now = timespec()
        _ = clock_gettime(CLOCK_MONOTONIC, &now)
        return Int(now.tv_sec) * 1000 + Int(now.tv_nsec) / 1_000_000
    }
}

/// The handler: restore, put the previous disposition back, and raise the signal again so the
/// process ends the way it would have without Drover (exit status, core dump, backtrace).
private func restoreHandler(_ signal: Int32) {
    let savedErrno = errno
    SignalRestore.restoreFromSignal()
    sigaction(signal, SignalRestore.previousActions + Int(signal), nil)
    raise(signal)
    errno = savedErrno
}
