import CLibSSH2

/// What libssh2's session callbacks reach through the session's one `abstract` pointer
/// (`libssh2_session_init_ex`): a tunnelled session's jump channel (its send/recv callbacks),
/// the keyboard-interactive round in progress, the server's disconnect message during login
/// (`DisconnectWatch`), and the agent channels the server opened. One
/// object for all of them, so no callback can overwrite what another one needs (a password
/// asked at a host behind a jump host must not take the tunnel's place).
///
/// Owned by its `SSHSession` and used on the thread that drives that session, like the
/// session itself (callbacks run inside libssh2 calls on that thread).
final class SessionHooks {
    /// The jump channel this session runs in; nil for a direct TCP connection.
    let tunnel: SSHTunnel?
    /// What carries a session's bytes besides a TCP socket (a ProxyCommand's process), kept as
    /// long as the session and let go after its socket is closed; nil otherwise.
    let transport: AnyObject?
    /// The keyboard-interactive login's context while its call runs (`KeyboardInteractive`).
    private(set) var interactive: AnyObject?
    /// What the server said when it ended the connection, while a `DisconnectWatch` listens.
    private(set) var disconnectMessage: String?
    /// `auth-agent@openssh.com` channels libssh2 accepted and nobody has taken yet.
    private var agentChannels: [OpaquePointer] = []

    init(tunnel: SSHTunnel?, transport: AnyObject? = nil) {
        self.tunnel = tunnel
        self.transport = transport
    }

    /// The `abstract` pointer for `libssh2_session_init_ex` (unretained: the session owns this).
    var abstract: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    /// The hooks a callback's `abstract` argument points to.
    static func from(_ abstract: UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> SessionHooks? {
        guard let pointer = abstract?.pointee else { return nil }
        return Unmanaged<SessionHooks>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// Runs `body` (the keyboard-interactive call) with `context` reachable by its callback;
    /// `context` lives at least as long.
    func during<T>(interactive context: AnyObject, _ body: () throws -> T) rethrows -> T {
        interactive = context
        defer { interactive = nil }
        return try withExtendedLifetime(context) { try body() }
    }

    /// The disconnect callback's report (SSH_MSG_DISCONNECT); nil again when the watch ends.
    func serverDisconnected(saying message: String?) {
        disconnectMessage = message
    }

    /// Called by libssh2, inside whatever read brought the server's open: the channel waits
    /// for `takeAgentChannels` (no libssh2 call may be made from inside the callback).
    func agentChannelOpened(_ channel: OpaquePointer) {
        agentChannels.append(channel)
    }

    /// The agent channels opened since the last call.
    func takeAgentChannels() -> [OpaquePointer] {
        defer { agentChannels.removeAll() }
        return agentChannels
    }
}
