import CLibSSH2
import LibC

/// The byte stream of a session that runs inside another session's `direct-tcpip` channel:
/// how Drover reaches a host through a jump host (ADR 0012). libssh2 sends and receives through
/// `tunnelSend`/`tunnelReceive` (its custom I/O callbacks) instead of a socket, so the inner
/// session is driven by whoever drives it, on the same thread, with no extra thread or buffer.
/// Every wait is on the first hop's TCP socket, in the directions any session of the chain needs.
///
/// libssh2 reaches it through the inner session's `SessionHooks`. Owned by the inner
/// `SSHSession`, which keeps it (and with it the outer session) alive until
/// the inner session is freed. Not thread-safe, like the sessions it joins.
final class SSHTunnel {
    /// The session whose channel carries the inner session (itself possibly tunnelled).
    let outer: SSHSession
    /// The `direct-tcpip` channel on `outer`.
    let channel: OpaquePointer

    init(outer: SSHSession, channel: OpaquePointer) {
        self.outer = outer
        self.channel = channel
    }

    deinit {
        // Never waits: one try now; a jump channel still waiting for the hop's close is freed
        // with the hop's session.
        let sender = SSHSender(self, .close)
        if outer.mayCall(sender) {
            _ = libssh2_channel_free(channel)
            outer.called(sender)
        }
    }

    /// Set when the inner session ended (`cut`): its sends and receives fail at once instead of
    /// reaching the jump channel, so it is freed without waiting.
    private var cutOff = false

    /// The inner session ended (`SSHSession.end`): nothing of it reaches the jump host any more.
    func cut() { cutOff = true }

    /// Bytes read from the outer channel before the inner session asked (`finishPendingRead`).
    private var early: [UInt8] = []

    /// Whether bytes for the inner session wait on this side of the socket: kept here, or in
    /// the outer session's packet list, where a write's drain (libssh2 reads the socket before
    /// each send) or another read left them. The first hop's socket will not announce them.
    var holdsInput: Bool {
        !early.isEmpty || libssh2_poll_channel_read(channel, 0) == 1 || outer.hasBufferedInput
    }

    /// A read whose window adjust the outer session holds half sent blocks every send through
    /// it, and the inner session may be waiting to send rather than to read: the read is
    /// repeated here, and what it brings is kept for the inner session's next receive.
    private func finishPendingRead() {
        let sender = SSHSender(self, .read)
        guard outer.pendingSender == sender else { return }
        var piece = [CChar](repeating: 0, count: 4096)
        let n = libssh2_channel_read_ex(channel, 0, &piece, piece.count)
        outer.called(sender)
        if n > 0 { early += piece[0..<n].map { UInt8(bitPattern: $0) } }
    }

    /// Points `session`'s I/O at the callbacks below (before the handshake).
    static func install(on session: OpaquePointer) {
        let send: @convention(c) (Int32, UnsafeRawPointer?, Int, Int32,
                                  UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> Int = tunnelSend
        let receive: @convention(c) (Int32, UnsafeMutableRawPointer?, Int, Int32,
                                     UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> Int = tunnelReceive
        _ = libssh2_session_callback_set2(session, LIBSSH2_CALLBACK_SEND, unsafeBitCast(send, to: (@convention(c) () -> Void).self))
        _ = libssh2_session_callback_set2(session, LIBSSH2_CALLBACK_RECV, unsafeBitCast(receive, to: (@convention(c) () -> Void).self))
    }

    /// Writes into the outer channel what the inner session sends. A full window or a busy
    /// socket is EAGAIN for the inner session (libssh2 then calls again with the same bytes).
    func send(_ buffer: UnsafeRawPointer, _ length: Int) -> Int {
        if cutOff { return -Int(EPIPE) }
        finishPendingRead()
        // On the outer session too, only the call holding a half-sent packet may go on.
        let n = outer.taking(SSHSender(self, .write), idle: Int(LIBSSH2_ERROR_EAGAIN)) {
            libssh2_channel_write_ex(channel, 0, buffer.assumingMemoryBound(to: CChar.self), length)
        }
        if n > 0 { return n }
        if n == 0 || Int32(n) == LIBSSH2_ERROR_EAGAIN || Int32(n) == LIBSSH2_ERROR_CHANNEL_WINDOW_FULL {
            return -Int(EAGAIN)
        }
        return -Int(ECONNRESET)
    }

    /// The server's banner and first KEXINIT as the inner session read them, so that a failed
    /// key exchange behind a jump host is diagnosed without a second connection (ADR 0021).
    private var greeting = ServerGreeting()

    /// What the server behind the jump host offers, by kind; nil until its KEXINIT arrived.
    var serverAlgorithms: [AlgorithmKind: [String]]? { greeting.algorithms }

    /// Reads from the outer channel what the inner session receives, noting the server's
    /// greeting on the way.
    func receive(_ buffer: UnsafeMutableRawPointer, _ length: Int) -> Int {
        if cutOff { return -Int(ECONNRESET) }
        let n = receiveFromChannel(buffer, length)
        if n > 0 { greeting.record(UnsafeRawBufferPointer(start: buffer, count: n)) }
        return n
    }

    /// 0 is the end of the stream (the jump host closed the channel); nothing yet is EAGAIN.
    private func receiveFromChannel(_ buffer: UnsafeMutableRawPointer, _ length: Int) -> Int {
        if !early.isEmpty {
            let n = min(length, early.count)
            early.withUnsafeBytes { buffer.copyMemory(from: $0.baseAddress!, byteCount: n) }
            early.removeFirst(n)
            return n
        }
        let n = outer.taking(SSHSender(self, .read), idle: Int(LIBSSH2_ERROR_EAGAIN)) {
            libssh2_channel_read_ex(channel, 0, buffer.assumingMemoryBound(to: CChar.self), length)
        }
        if n > 0 { return n }
        if n == 0 {
            return libssh2_channel_eof(channel) == 1 ? 0 : -Int(EAGAIN)
        }
        if Int32(n) == LIBSSH2_ERROR_EAGAIN { return -Int(EAGAIN) }
        if Int32(n) == LIBSSH2_ERROR_CHANNEL_CLOSED { return 0 }
        return -Int(ECONNRESET)
    }
}

// libssh2 calls a session's send/recv callbacks for more than the session's own bytes: its
// ssh-agent client (agent.c, `agent_transact_unix`) talks to the agent's Unix socket through
// `session->send`/`session->recv` with the agent's descriptor as `socket`. Only calls for the
// session's socket (the first hop's, given to the handshake) belong in the tunnel; any other
// descriptor is served as libssh2's own `_libssh2_send`/`_libssh2_recv` would (misc.c).

/// libssh2's send callback for a tunnelled session.
private func tunnelSend(_ socket: Int32, _ buffer: UnsafeRawPointer?, _ length: Int, _ flags: Int32,
                        _ abstract: UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> Int {
    guard let tunnel = SessionHooks.from(abstract)?.tunnel, let buffer else { return -Int(EBADF) }
    guard socket == tunnel.outer.socketDescriptor else {
        return plainResult(sendWithoutSignal(socket, buffer, length))
    }
    return tunnel.send(buffer, length)
}

/// libssh2's receive callback for a tunnelled session.
private func tunnelReceive(_ socket: Int32, _ buffer: UnsafeMutableRawPointer?, _ length: Int, _ flags: Int32,
                           _ abstract: UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> Int {
    guard let tunnel = SessionHooks.from(abstract)?.tunnel, let buffer else { return -Int(EBADF) }
    guard socket == tunnel.outer.socketDescriptor else { return plainResult(recv(socket, buffer, length, flags)) }
    return tunnel.receive(buffer, length)
}

/// A plain send or recv's result as libssh2's callbacks report it: the count, or -errno,
/// with an interrupted or would-block call as -EAGAIN (libssh2 calls again).
private func plainResult(_ n: Int) -> Int {
    guard n < 0 else { return n }
    let code = errno
    return code == EINTR || code == EAGAIN || code == EWOULDBLOCK ? -Int(EAGAIN) : -Int(code)
}
