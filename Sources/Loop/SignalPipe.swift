import LibC

/// Signal delivery through a self-pipe: the handler only writes the signal number, one byte,
/// to the pipe of the event loop that registered it; the loop reads it and runs the Swift
/// handler outside signal context. Installed with sigaction(2); the handler keeps errno as it
/// found it, so the interrupted code never sees write(2)'s errno.
public enum SignalPipe {
    static let slots = 65
    /// Write end of the owning loop's pipe per signal number, -1 when none.
    nonisolated(unsafe) static let writeEnds: UnsafeMutablePointer<Int32> = {
        let pointer = UnsafeMutablePointer<Int32>.allocate(capacity: slots)
        pointer.initialize(repeating: -1, count: slots)
        return pointer
    }()
    nonisolated(unsafe) static let previousActions: UnsafeMutablePointer<sigaction> = {
        let pointer = UnsafeMutablePointer<sigaction>.allocate(capacity: slots)
        pointer.initialize(repeating: sigaction(), count: slots)
        return pointer
    }()

    /// Routes `signal` to `writeEnd`.
    static func route(_ signal: Int32, to writeEnd: Int32) {
        guard signal > 0, Int(signal) < slots else { return }
        let alreadyRouted = writeEnds[Int(signal)] >= 0
        writeEnds[Int(signal)] = writeEnd
        if alreadyRouted { return }
        var action = sigaction()
        action.handler = signalPipeHandler
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        sigaction(signal, &action, previousActions + Int(signal))
    }

    /// True while an event loop owns `signal`: another handler layer (Console's terminal
    /// restore) must neither take it over nor put an older disposition back.
    public static func isRouted(_ signal: Int32) -> Bool {
        signal > 0 && Int(signal) < slots && writeEnds[Int(signal)] >= 0
    }

    /// Gives `signal` back to its previous disposition if `writeEnd` still owns it.
    static func unroute(_ signal: Int32, from writeEnd: Int32) {
        guard signal > 0, Int(signal) < slots, writeEnds[Int(signal)] == writeEnd else { return }
        sigaction(signal, previousActions + Int(signal), nil)
        writeEnds[Int(signal)] = -1
    }
}

private func signalPipeHandler(_ signal: Int32) {
    let savedErrno = errno
    let fd = SignalPipe.writeEnds[Int(signal)]
    if fd >= 0 {
        var byte = UInt8(truncatingIfNeeded: signal)
        _ = write(fd, &byte, 1)
    }
    errno = savedErrno
}
