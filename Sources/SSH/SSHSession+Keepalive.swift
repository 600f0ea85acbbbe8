import CLibSSH2
import LibC

extension SSHSession {
    /// Asks libssh2 to send a keepalive every `interval` seconds of silence (0 turns it off);
    /// `wantReply` makes the server answer, so a dead link shows as a send/receive error.
    public func configureKeepalive(interval: Int, wantReply: Bool = true) {
        libssh2_keepalive_config(raw, wantReply ? 1 : 0, UInt32(max(0, interval)))
    }

    /// Sends a keepalive if one is due; returns the seconds until the next one is due (0 when
    /// the session was too busy to send one now). Throws `connectionLost` when the link is gone.
    public func sendKeepalive() throws -> Int {
        // libssh2 cannot resume a keepalive that returned EAGAIN (it builds the packet on its
        // stack and ignores the EAGAIN), and that half-sent packet would then block every
        // other call on the session: it is sent only when it surely goes out whole.
        guard canSendSmallPacket else { return 0 }
        var next: Int32 = 0
        let rc = libssh2_keepalive_send(raw, &next)
        called(SSHSender(self, .keepalive))
        if rc != 0 && rc != LIBSSH2_ERROR_EAGAIN { throw failure("keepalive", code: rc) }
        return Int(next)
    }

    /// Whether a packet of a few hundred bytes would be sent whole now: nothing half sent on this
    /// session or the ones it runs through, room in the jump channel's window, and room in the
    /// socket's send buffer (poll's POLLOUT means at least a third of it is free).
    var canSendSmallPacket: Bool {
        guard pendingSender == nil else { return false }
        if let tunnel {
            return tunnel.outer.canSendSmallPacket && libssh2_channel_window_write_ex(tunnel.channel, nil) >= 1024
        }
        var descriptor = pollfd(fd: socketDescriptor, events: Int16(POLLOUT), revents: 0)
        return poll(&descriptor, 1, 0) == 1 && descriptor.revents & Int16(POLLOUT) != 0
    }
}
