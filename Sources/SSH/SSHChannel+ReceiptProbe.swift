import CLibSSH2

/// The proof that the server took what was written on a channel (ADR 0031): a channel request
/// that wants a reply, sent behind the data. SSH keeps a channel's messages in order over one
/// TCP stream, so the server answers it only after it read every data packet sent before it.
/// libssh2's own keepalive cannot serve: its answer is never shown to the caller, and it goes
/// at most once a second of the wall clock. The request is an `env` request: a server answers
/// one that comes after the command started with a failure (OpenSSH's `session_input_channel_req`
/// sets nothing once the channel left its larval state), which is the answer this waits for.
extension SSHChannel {
    /// What one step of the probe did.
    public enum ReceiptProbe: Equatable, Sendable {
        /// Another call's packet holds the session: nothing was sent; step again later.
        case notSent
        /// The request is on its way or sent, and its answer has not come yet.
        case waiting
        /// The server answered: it read everything written before the request.
        case answered
    }

    /// Sends the probe, or, while one is out, looks for its answer (call again until `.answered`;
    /// the first call after an answer sends a new one). Never waits. Throws when the link fails.
    public func stepReceiptProbe() throws -> ReceiptProbe {
        let sender = SSHSender(self, .probe)
        guard session.mayCall(sender) else { return .notSent }
        let rc = sendProbeRequest()
        session.called(sender)
        switch rc {
        case LIBSSH2_ERROR_EAGAIN: return .waiting
        case 0, LIBSSH2_ERROR_CHANNEL_REQUEST_DENIED: return .answered
        default: throw session.failure("asking the host whether it took the keys", code: rc)
        }
    }

    /// The request itself (libssh2 resends the packet it holds when called again).
    func sendProbeRequest() -> Int32 {
        let name = "DROVER_RECEIPT", value = "1"
        return libssh2_channel_setenv_ex(raw, name, UInt32(name.utf8.count), value, UInt32(value.utf8.count))
    }
}
