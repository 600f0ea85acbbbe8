import CLibSSH2

extension SSHSession {
    /// Asks libssh2 to send a keepalive every `interval` seconds of silence (0 turns it off);
    /// `wantReply` makes the server answer, so a dead link shows as a send/receive error.
    public func configureKeepalive(interval: Int, wantReply: Bool = true) {
        libssh2_keepalive_config(raw, wantReply ? 1 : 0, UInt32(max(0, interval)))
    }

    /// Sends a keepalive if one is due; returns the seconds until the next one is due.
    /// Throws `connectionLost` when the link is gone.
    public func sendKeepalive() throws -> Int {
        var next: Int32 = 0
        let rc = libssh2_keepalive_send(raw, &next)
        if rc != 0 && rc != LIBSSH2_ERROR_EAGAIN { throw failure("keepalive", code: rc) }
        return Int(next)
    }
}
