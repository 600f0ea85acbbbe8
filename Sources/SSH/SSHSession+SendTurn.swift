import CLibSSH2

/// One caller of libssh2 on a session: an object (a channel, a tunnel, an upload, the session
/// itself) and the kind of call, since only the same libssh2 function can resume its packet.
struct SSHSender: Equatable {
    enum Call { case read, windowAdjust, write, endOfFile, open, close, keepalive, sftp, resize, disconnect, listen, accept, probe }
    let owner: ObjectIdentifier
    let call: Call

    init(_ owner: AnyObject, _ call: Call) {
        self.owner = ObjectIdentifier(owner)
        self.call = call
    }
}

/// libssh2 keeps at most one outgoing packet per session: after a call returned EAGAIN with its
/// packet half sent, any other call that sends (another channel's write, the window adjust of a
/// read, a keepalive, an SFTP step) fails with LIBSSH2_ERROR_BAD_USE until the same call is
/// repeated and finishes it. So the call that left a packet pending holds the session's turn:
/// every other caller does nothing now (as if the socket were busy) and tries on a later pump.
extension SSHSession {
    /// Whether `sender` may call libssh2 now.
    func mayCall(_ sender: SSHSender) -> Bool {
        pendingSender == nil || pendingSender == sender
    }

    /// Records what a call by `sender` left: libssh2 marks the outbound direction blocked exactly
    /// while a packet is half sent (set on EAGAIN, cleared when it completes).
    func called(_ sender: SSHSender) {
        let pending = libssh2_session_block_directions(raw) & LIBSSH2_SESSION_BLOCK_OUTBOUND != 0
        if pending {
            if pendingSender == nil { pendingSender = sender }
        } else if pendingSender == sender {
            pendingSender = nil
        }
    }

    /// Runs `body` if `sender` may call now (else returns `idle`), then records what it left.
    func taking<T>(_ sender: SSHSender, idle: T, _ body: () throws -> T) rethrows -> T {
        guard mayCall(sender) else { return idle }
        defer { called(sender) }
        return try body()
    }

    /// True while some call's packet is half sent (every other caller waits for it).
    public var hasPendingSend: Bool { pendingSender != nil }

    /// Whether a call of `owner` holds the turn: it must be repeated, even when its caller
    /// would rather wait (a full buffer, an upload in progress), or the session stalls.
    func isHeld(by owner: AnyObject) -> Bool { pendingSender?.owner == ObjectIdentifier(owner) }

    /// Finishes a packet that `owner`'s write, read, end of input or window change on `channel`
    /// left half sent, so that its close, another channel or the goodbye can send (a half-sent
    /// close is left to the caller, whose next call repeats it): repeating the
    /// same call does that (libssh2 resends what it holds and ignores the new arguments; a read
    /// may take one byte, which only a channel being closed calls this for). True when none of
    /// `owner`'s packets is pending any more.
    @discardableResult
    func finishPendingCall(of owner: AnyObject, channel: OpaquePointer) -> Bool {
        guard let pending = pendingSender, pending.owner == ObjectIdentifier(owner) else { return true }
        var byte: CChar = 0
        switch pending.call {
        case .write: _ = libssh2_channel_write_ex(channel, 0, &byte, 1)
        case .read: _ = libssh2_channel_read_ex(channel, 0, &byte, 1)
        case .endOfFile: _ = libssh2_channel_send_eof(channel)
        case .resize: _ = libssh2_channel_request_pty_size_ex(channel, 1, 1, 0, 0)
        case .probe: _ = libssh2_channel_setenv_ex(channel, "DROVER_RECEIPT", 14, "1", 1)
        // The caller's own close (or free) is repeated by the caller itself.
        case .close: return true
        default: return false
        }
        called(pending)
        return pendingSender == nil
    }
}
