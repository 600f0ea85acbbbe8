import LibC
import Loop
import SSH

/// Agent forwarding (ssh -A) for one host of the run: each `auth-agent@openssh.com` channel
/// the host's session opens (a program there, e.g. `ssh-add -l` or `git push`, talked to its
/// forwarded agent socket) is relayed to a new connection to the local agent at `socketPath`
/// (`SSH_AUTH_SOCK`), exactly as a port forward's connection is (`RelayedConnections`). The
/// local connection is non-blocking and served by the loop; channel I/O happens in the link's
/// pump. Each host has its own forwarder and only its own session's channels reach it, so
/// hosts never share a connection. Loop thread only; nothing here blocks (ADR 0012).
final class AgentForwarder {
    private let socketPath: String
    private let relays: RelayedConnections
    private var session: SSHSession?
    /// Set once the person was told the local agent cannot be reached; cleared when it can.
    private var toldUnreachable = false
    /// Told once per outage of the local agent, with what went wrong (for a banner).
    var onUnreachable: (String) -> Void = { _ in }
    /// Told after local activity: the driver pumps its session.
    var onActivity: () -> Void {
        get { relays.onActivity }
        set { relays.onActivity = newValue }
    }

    init(socketPath: String, loop: EventLoop) {
        self.socketPath = socketPath
        relays = RelayedConnections(loop: loop)
    }

    /// Agent connections relayed now.
    var openCount: Int { relays.openCount }

    /// Whether bytes wait for the session's socket to take them.
    var waitsForRemote: Bool { relays.waitsForRemote }

    /// A new session is up (forwarding was asked on its channel): its agent channels are relayed.
    func sessionStarted(_ session: SSHSession) {
        self.session = session
    }

    /// The session is gone, and its agent channels with it: their local connections close.
    func sessionEnded() {
        session = nil
        relays.sessionEnded()
    }

    /// Takes the agent channels the host opened since the last pump (each gets a connection to
    /// the local agent, or is closed when the agent cannot be reached), then moves bytes both
    /// ways. Returns true when a connection stopped at its budget; throws when the session is lost.
    func pump() throws -> Bool {
        guard let session else { return false }
        for channel in session.takeAgentChannels() {
            let socket = relays.isFull ? -1 : connectNonBlockingUnixSocket(socketPath)
            guard socket >= 0 else {
                let reason = relays.isFull ? "\(RelayedConnections.maximumConnections) agent connections are open already"
                    : String(cString: strerror(errno))
                relays.close(channel)   // the program on the host hears the agent is not there
                if !toldUnreachable {
                    toldUnreachable = true
                    onUnreachable("the local ssh-agent at \(socketPath) does not answer (\(reason)); "
                                  + "the host's agent requests fail until it does (start one there: "
                                  + "'ssh-agent -a \(socketPath)', then 'ssh-add')")
                }
                continue
            }
            toldUnreachable = false
            let connection = ForwardedConnection(socket: socket)
            connection.channel = channel
            relays.add(connection)
        }
        return try relays.serve()
    }
}
