import SSH

extension ConnectionPlan {
    /// Runs `command` (this connection's own run of it; a reconnect runs it again) and does the
    /// SSH handshake over its stdin and stdout. A command that exits, stays silent past the
    /// handshake's time or leads nowhere is a `SSHError.proxyCommand` naming the host, how the
    /// command ended and its last stderr lines; it is then already stopped and reaped.
    func connectThrough(_ command: String, options: SSHOptions) throws -> SSHSession {
        let process = try ProxyCommandProcess(command, environment: environment)
        do {
            return try SSHSession.connect(to: endpoint, options: options, socket: process.socket, transport: process)
        } catch let error as SSHError {
            throw process.failure(after: error, name: displayName)
        }
    }

    /// What `session`'s ProxyCommand wrote to stderr, its last lines (nil for a session without
    /// one). The command is ended first, so call it once the session is done with.
    public func proxyCommandSaid(_ session: SSHSession) -> String? {
        (session.transport as? ProxyCommandProcess)?.finalWords()
    }
}
