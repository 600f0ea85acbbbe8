import CLibSSH2

extension SSHSession {
    /// One non-blocking write on a channel of this session, for the terminal channel and a
    /// forwarded connection alike: as much of `bytes` as the channel takes now, under the
    /// one-pending-packet rule (`SSHSession+SendTurn.swift`). 0 when it would block (the
    /// window is full, the socket busy, or another call's half-sent packet holds the session).
    /// `operation` names the write in the error: "writing to the remote command".
    func write(_ bytes: UnsafeRawBufferPointer, on channel: OpaquePointer, by owner: AnyObject,
               operation: String) throws -> Int {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return 0 }
        let n = taking(SSHSender(owner, .write), idle: 0) {
            libssh2_channel_write_ex(channel, 0, base.assumingMemoryBound(to: CChar.self), bytes.count)
        }
        if n >= 0 { return n }
        if Int32(n) == LIBSSH2_ERROR_EAGAIN || Int32(n) == LIBSSH2_ERROR_CHANNEL_WINDOW_FULL { return 0 }
        throw failure(operation, code: Int32(n))
    }
}
