import CLibSSH2

/// Agent forwarding (ssh -A) at the SSH layer: asking the server for it on the session channel
/// and accepting the `auth-agent@openssh.com` channels it then opens whenever a program on the
/// host talks to its forwarded agent socket. What flows in those channels is relayed elsewhere
/// (Sessions' `AgentForwarder`); libssh2 1.11.1 has both halves (ADR 0012).
extension SSHSession {
    /// Asks for agent forwarding on `channel` (a session channel before its command starts),
    /// accepting the server's agent channels from now on. Returns false when the server
    /// refuses (sshd's `AllowAgentForwarding no`, `DisableForwarding yes`, `no-agent-forwarding` or
    /// `restrict` on the key); throws when the connection fails.
    func requestAgentForwarding(on channel: OpaquePointer) throws -> Bool {
        installAgentChannelCallback()
        let rc = try call("requesting agent forwarding", timeout: options.operationTimeout) {
            libssh2_channel_request_auth_agent(channel)
        }
        if rc == 0 { return true }
        if rc == LIBSSH2_ERROR_CHANNEL_REQUEST_DENIED { return false }
        throw failure("requesting agent forwarding", code: rc)
    }

    /// The agent channels the server opened since the last call, ready to carry one agent
    /// connection each (non-blocking, like a port forward's channel).
    public func takeAgentChannels() -> [SSHForwardChannel] {
        hooks.takeAgentChannels().map { SSHForwardChannel(session: self, raw: $0) }
    }

    /// Without this callback libssh2 refuses every agent channel the server opens.
    private func installAgentChannelCallback() {
        let opened: @convention(c) (OpaquePointer?, OpaquePointer?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> Void = {
            _, channel, abstract in
            guard let channel, let hooks = SessionHooks.from(abstract) else { return }
            hooks.agentChannelOpened(channel)
        }
        _ = libssh2_session_callback_set2(raw, LIBSSH2_CALLBACK_AUTHAGENT, unsafeBitCast(opened, to: (@convention(c) () -> Void).self))
    }
}
