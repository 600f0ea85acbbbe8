import CLibSSH2

/// A channel carrying one forwarded connection: a `direct-tcpip` channel Drover opened for a
/// port forward, or an agent channel the server opened (`takeAgentChannels`). Every call returns at
/// once (the session is non-blocking); the owner polls the session's socket and calls again.
/// Owned by the thread that owns its session.
public final class SSHForwardChannel {
    public let session: SSHSession
    let raw: OpaquePointer
    private var freed = false

    init(session: SSHSession, raw: OpaquePointer) {
        self.session = session
        self.raw = raw
    }

    deinit {
        // A last try; a channel libssh2 could not close yet is freed with its session.
        if !freed { _ = libssh2_channel_free(raw) }
    }

    /// Closes and frees the channel without waiting: false while the close is still under
    /// way (call again on a later pump). No other call may follow a true answer.
    public func free() -> Bool {
        guard !freed else { return true }
        // A dropped connection's half-sent packet (its last write, read or end) goes first.
        session.finishPendingCall(of: self, channel: raw)
        let sender = SSHSender(self, .close)
        guard session.mayCall(sender) else { return false }
        let rc = libssh2_channel_free(raw)
        // The channel is gone either way but its close may still be the half-sent packet.
        session.called(sender)
        if rc == LIBSSH2_ERROR_EAGAIN { return false }
        freed = true
        return true
    }

    /// True while this channel's half-sent call holds the session: it must be repeated.
    public var holdsSessionTurn: Bool { session.isHeld(by: self) }

    /// Reads what the channel holds into `buffer`: the count, 0 for nothing yet, nil at its end.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int? {
        guard let base = buffer.baseAddress, !buffer.isEmpty else { return 0 }
        let n = session.taking(SSHSender(self, .read), idle: 0) {
            libssh2_channel_read_ex(raw, 0, base.assumingMemoryBound(to: CChar.self), buffer.count)
        }
        if n > 0 { return n }
        if n == 0 || Int32(n) == LIBSSH2_ERROR_EAGAIN {
            return libssh2_channel_eof(raw) == 1 ? nil : 0
        }
        if Int32(n) == LIBSSH2_ERROR_CHANNEL_CLOSED { return nil }
        throw session.failure("reading a forwarded connection", code: Int32(n))
    }

    /// Writes what the channel takes now (0: its window is full or the socket is busy).
    public func write(_ bytes: UnsafeRawBufferPointer) throws -> Int {
        try session.write(bytes, on: raw, by: self, operation: "writing a forwarded connection")
    }

    /// Tells the far end no more data comes; false while libssh2 could not send it yet.
    public func sendEOF() throws -> Bool {
        let rc = session.taking(SSHSender(self, .endOfFile), idle: LIBSSH2_ERROR_EAGAIN) { libssh2_channel_send_eof(raw) }
        if rc == 0 { return true }
        if rc == LIBSSH2_ERROR_EAGAIN { return false }
        throw session.failure("ending a forwarded connection", code: rc)
    }
}

extension SSHSession {
    /// One step of opening a `direct-tcpip` channel to `host`:`port` without waiting: nil
    /// while the server has not answered (call again with the same arguments; libssh2 opens
    /// one channel at a time per session). Throws `channelRefused` when the server says no.
    public func openForward(host: String, port: Int, originHost: String, originPort: Int) throws -> SSHForwardChannel? {
        guard state == .authenticated else {
            throw SSHError.protocolFailure(operation: "opening a forward", detail: "not logged in yet")
        }
        try refuseWhileSessionChannelOpens("opening a forward")
        // libssh2 opens one channel at a time per session: the session itself is the sender.
        let sender = SSHSender(self, .open)
        guard mayCall(sender) else { return nil }
        let opened = libssh2_channel_direct_tcpip_ex(raw, host, Int32(port), originHost, Int32(originPort))
        called(sender)
        if let channel = opened { return SSHForwardChannel(session: self, raw: channel) }
        let code = libssh2_session_last_errno(raw)
        if code == LIBSSH2_ERROR_EAGAIN { return nil }
        if LibSSH2.isConnectionLoss(code) { throw failure("opening a forward", code: code) }
        throw SSHError.channelRefused(detail: "the host did not open a connection to "
                                      + "\(SSHEndpoint.hostAndPort(host: host, port: port)): \(LibSSH2.lastErrorMessage(raw))")
    }
}
