import CLibSSH2

/// Output read from a channel in one non-blocking pass.
public struct SSHChannelOutput: Sendable, Equatable {
    public var stdout: [UInt8] = []
    public var stderr: [UInt8] = []
    /// The remote side sent EOF and everything before it has been read.
    public var reachedEOF = false
    /// The read stopped at its size limit: libssh2 may hold more already read from the socket,
    /// so read again before polling (the socket can be empty while data waits in libssh2).
    public var hasMore = false
    public var isEmpty: Bool { stdout.isEmpty && stderr.isEmpty }
    public init() {}
}

/// How the remote command ended.
public struct SSHExit: Sendable, Equatable {
    /// The exit status (0 when the server sent none, e.g. after a signal).
    public let status: Int32
    /// The signal name without `SIG` (`TERM`, `HUP`) when the command was killed.
    public let signal: String?
}

/// One session channel running a command or shell. Owned by the thread that owns its
/// session; keeps the session alive. `readAvailable`, `write`, `resize`, `closeStep` and
/// `deinit` never wait (for a loop thread); `sendEOF`, `writeAll`, `readToEnd` and `close`
/// wait on the socket (for a thread with nothing else to wait on).
public final class SSHChannel {
    public let session: SSHSession
    let raw: OpaquePointer
    /// How far closing got: the close sent (`closeStep`), or the server's close taken.
    private enum Closing { case open, sent, closed }
    private var closing = Closing.open
    /// The window size libssh2 holds half sent: the next `resize` finishes it first.
    private var sizeInFlight: (columns: Int, rows: Int)?
    /// True when agent forwarding was asked for this channel and the server refused it.
    public internal(set) var agentForwardingRefused = false
    /// The one buffer every read goes through (allocated once, not per read).
    private let readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: ChannelReceiveWindow.readSize,
                                                                    alignment: 16)
    /// The receive window, kept at what the link needs (ADR 0030).
    private let window = ChannelReceiveWindow()

    init(session: SSHSession, raw: OpaquePointer) {
        self.session = session
        self.raw = raw
    }

    deinit {
        // Never waits: one try now; a channel still waiting for the server's close is freed
        // with its session, whose socket is shut down first.
        let sender = SSHSender(self, .close)
        if session.mayCall(sender) {
            _ = libssh2_channel_free(raw)
            session.called(sender)
        }
        readBuffer.deallocate()
    }

    /// Reads everything available now from stdout and stderr (up to about `limit` bytes),
    /// draining until libssh2 reports EAGAIN on both and holds no stdout packet for this
    /// channel, so polling the socket afterwards is safe (see `SSHSession.hasBufferedInput`).
    public func readAvailable(limit: Int = 1 << 20) throws -> SSHChannelOutput {
        var output = SSHChannelOutput()
        let flags = try readAvailable(limit: limit) { bytes, isStderr in
            if isStderr { output.stderr += bytes } else { output.stdout += bytes }
            return true
        }
        output.hasMore = flags.hasMore
        output.reachedEOF = flags.reachedEOF
        return output
    }

    /// As `readAvailable(limit:)`, without copying: each piece read goes to `onData` straight
    /// from the channel's reused buffer (valid only during the call; `isStderr` says which
    /// stream). `onData` returns false to stop reading at once (the caller dropped the
    /// connection): nothing more is read and `hasMore` is true.
    public func readAvailable(limit: Int = 1 << 20,
                              onData: (_ bytes: UnsafeRawBufferPointer, _ isStderr: Bool) throws -> Bool)
        throws -> (reachedEOF: Bool, hasMore: Bool) {
        var total = 0
        var progress = true
        var lookedAgain = false
        // This channel's half-sent window adjust goes first: a read would send its own.
        guard try window.finishPending(session: session, raw: raw, by: adjusting) else {
            return (reachedEOF: false, hasMore: false)
        }
        while total < limit {
            if !progress {
                // Reading stderr drains the transport too and can leave stdout packets behind
                // it; through a jump host a hop's session may hold some. One more pass reads
                // them (one only: a window adjust that cannot go out yet leaves them waiting).
                guard !lookedAgain, libssh2_poll_channel_read(raw, 0) == 1 || session.hasBufferedInput else { break }
                lookedAgain = true
            }
            progress = false
            for stream: Int32 in [0, SSH_EXTENDED_DATA_STDERR] {
                while true {
                    // Another call's packet is half sent: a read's window adjust must wait for it.
                    guard session.mayCall(reading) else {
                        try window.passEnded(read: total, session: session, raw: raw, by: adjusting)
                        return (reachedEOF: false, hasMore: false)
                    }
                    let n = libssh2_channel_read_ex(raw, stream, readBuffer.baseAddress!.assumingMemoryBound(to: CChar.self),
                                                    readBuffer.count)
                    session.called(reading)
                    window.observe(read: max(n, 0), on: raw)
                    if n > 0 {
                        progress = true
                        lookedAgain = false
                        total += n
                        guard try onData(UnsafeRawBufferPointer(rebasing: readBuffer[0..<n]), stream != 0) else {
                            return (reachedEOF: false, hasMore: true)
                        }
                        // A host writing without pause would otherwise keep this loop going.
                        if total >= limit { break }
                        continue
                    }
                    if n == 0 || Int32(n) == LIBSSH2_ERROR_EAGAIN || Int32(n) == LIBSSH2_ERROR_CHANNEL_CLOSED { break }
                    throw readFailure(Int32(n))
                }
            }
        }
        try window.passEnded(read: total, session: session, raw: raw, by: adjusting)
        return (reachedEOF: libssh2_channel_eof(raw) == 1, hasMore: progress)
    }

    /// True while this channel's half-sent write (or read's window adjust) holds the session:
    /// nothing else can send until it is repeated.
    public var holdsSessionTurn: Bool { session.isHeld(by: self) }

    /// False while another call's half-sent packet holds the session: `readAvailable` then
    /// reads nothing, whatever libssh2 holds.
    public var mayRead: Bool { session.mayCall(reading) || window.isPending }

    /// The receive window now: what the model asks for, the largest granted so far and the
    /// round trip it uses (ADR 0030).
    public var receiveWindow: (target: Int, largest: Int, roundTrip: Double?) {
        (window.target, window.largest, window.roundTrip)
    }

    /// True once the remote sent EOF and all data before it was read.
    public var receivedEOF: Bool { libssh2_channel_eof(raw) == 1 }

    /// Writes as much of `bytes` as the channel takes now; returns the count (0: would block,
    /// poll the socket for `session.blockDirections` and write the rest later).
    public func write(_ bytes: [UInt8]) throws -> Int {
        try bytes.withUnsafeBytes { try write($0) }
    }

    /// As `write(_:)` for a slice, without copying it.
    public func write(_ bytes: ArraySlice<UInt8>) throws -> Int {
        try bytes.withUnsafeBytes { try write($0) }
    }

    /// As `write(_:)` for raw memory.
    public func write(_ bytes: UnsafeRawBufferPointer) throws -> Int {
        try session.write(bytes, on: raw, by: self, operation: "writing to the remote command")
    }

    /// Writes all of `bytes`, waiting on the socket while the channel is full.
    public func writeAll(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let n = try write(bytes[offset...])
            offset += n
            if n == 0 { try session.waitForSocket(until: nil, timeout: nil, operation: "writing") }
        }
    }

    /// Tells the remote command there is no more input (its stdin reads end of file).
    public func sendEOF() throws {
        let rc = try session.call("sending end of input", timeout: session.options.operationTimeout) {
            libssh2_channel_send_eof(raw)
        }
        if rc != 0 { throw session.failure("sending end of input", code: rc) }
    }

    /// Tells the remote PTY the terminal's new size (SIGWINCH for the remote program) without
    /// waiting: a window change asks for no answer, so it is one packet, sent when the session
    /// can take it. False while that size is not fully sent yet (another call's packet is half
    /// sent, or this one went out in part, or an earlier size had to be finished first): call
    /// again, with the newest size, when the socket is writable.
    @discardableResult
    public func resize(columns: Int, rows: Int) throws -> Bool {
        let sender = SSHSender(self, .resize)
        guard session.mayCall(sender) else { return false }
        let rc = libssh2_channel_request_pty_size_ex(raw, Int32(columns), Int32(rows), 0, 0)
        session.called(sender)
        if rc == LIBSSH2_ERROR_EAGAIN {
            // libssh2 keeps the packet it built and sends that one when called again.
            if sizeInFlight == nil { sizeInFlight = (columns, rows) }
            return false
        }
        let sent = sizeInFlight ?? (columns, rows)
        sizeInFlight = nil
        if rc != 0 { throw session.failure("resizing the terminal", code: rc) }
        return sent == (columns, rows)
    }

    /// One step of closing without waiting, for a loop (`SessionCloser`): finishes this
    /// channel's half-sent packet, sends end of input and the close, then takes the server's
    /// close when it has come (output still arriving is read and dropped). True once closed,
    /// or once the connection failed; `exit` then says how the command ended.
    func closeStep() -> Bool {
        guard closing != .closed else { return true }
        guard (try? window.finishPending(session: session, raw: raw, by: adjusting)) != false,
              session.finishPendingCall(of: self, channel: raw) else { return false }
        if closing == .open {
            let sender = SSHSender(self, .close)
            guard session.mayCall(sender) else { return false }
            let rc = libssh2_channel_close(raw)
            session.called(sender)
            if rc == LIBSSH2_ERROR_EAGAIN { return false }
            closing = rc == 0 ? .sent : .closed
        }
        // The server's close is taken after its end of output; output still arriving is read
        // and dropped (a bounded amount per step: a server that closes without EOF is left to
        // the caller's time limit).
        for _ in 0..<64 where closing == .sent {
            if libssh2_channel_eof(raw) == 1 {
                let rc = session.taking(reading, idle: LIBSSH2_ERROR_EAGAIN) { libssh2_channel_wait_closed(raw) }
                if rc == LIBSSH2_ERROR_EAGAIN { return false }
                closing = .closed
                break
            }
            var waiting = true
            for stream: Int32 in [0, SSH_EXTENDED_DATA_STDERR] {
                let n = session.taking(reading, idle: Int(LIBSSH2_ERROR_EAGAIN)) {
                    libssh2_channel_read_ex(raw, stream, readBuffer.baseAddress!.assumingMemoryBound(to: CChar.self),
                                            readBuffer.count)
                }
                if n == Int(LIBSSH2_ERROR_EAGAIN) { continue }
                waiting = false
                if n < 0 { closing = .closed }
            }
            if waiting { return false }
        }
        return closing == .closed
    }

    /// How the command ended, as far as the server said (status 0 when it sent none).
    var exit: SSHExit { SSHExit(status: libssh2_channel_get_exit_status(raw), signal: exitSignal()) }

    /// Closes the channel, waits until the server closed it too, and returns how the command
    /// ended. Output not read yet is discarded. On a PTY the remote program gets SIGHUP; a
    /// command without a PTY is waited for (sshd closes the channel when it exits).
    public func close() throws -> SSHExit {
        if closing != .closed {
            let timeout = session.options.operationTimeout
            var rc = try session.call("closing the channel", timeout: timeout) { libssh2_channel_close(raw) }
            if rc != 0 { throw session.failure("closing the channel", code: rc) }
            // libssh2 waits for the close only after EOF (a server's close implies it).
            while true {
                let output = try readAvailable()
                if output.reachedEOF { break }
                if output.hasMore { continue }
                try session.waitForSocket(until: SSHSession.deadline(in: timeout), timeout: timeout,
                                          operation: "closing the channel")
            }
            rc = try session.call("closing the channel", timeout: timeout) { libssh2_channel_wait_closed(raw) }
            if rc != 0 { throw session.failure("closing the channel", code: rc) }
            closing = .closed
        }
        return exit
    }

    /// Reads until EOF (waiting on the socket), passing output to `onOutput`; then closes and
    /// returns the exit. `timeout` bounds each wait for data (nil: none).
    public func readToEnd(timeout: Double? = nil, onOutput: (SSHChannelOutput) -> Void) throws -> SSHExit {
        while true {
            let output = try readAvailable()
            if !output.isEmpty { onOutput(output) }
            if output.reachedEOF { break }
            if output.isEmpty {
                try session.waitForSocket(until: SSHSession.deadline(in: timeout), timeout: timeout,
                                          operation: "reading command output")
            }
        }
        return try close()
    }

    private var reading: SSHSender { SSHSender(self, .read) }
    private var adjusting: SSHSender { SSHSender(self, .windowAdjust) }

    private func exitSignal() -> String? {
        var name: UnsafeMutablePointer<CChar>?
        var length = 0
        guard libssh2_channel_get_exit_signal(raw, &name, &length, nil, nil, nil, nil) == 0, let name else { return nil }
        defer { libssh2_free(session.raw, name) }
        return length > 0 ? String(cString: name) : nil
    }

    private func readFailure(_ code: Int32) -> SSHError {
        session.failure("reading from the remote command", code: code)
    }
}
