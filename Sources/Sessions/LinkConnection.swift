import SSH

/// What a `LinkDriver` uses of a live connection, small enough to fake (issue 25): the
/// reconnect, queueing and switching logic of the real driver then runs in tests without sshd.
/// `RemoteConnection` is the one real conformer.
protocol LinkConnection: AnyObject {
    /// The terminal channel's byte path, handed to the host's `HostStream`.
    var terminalTransport: any HostTransport { get }
    /// The size the PTY was requested at (nil: unknown): attaching resizes only when it changed.
    var requestedSize: (columns: Int, rows: Int)? { get }
    /// The socket the loop watches for the link's events.
    var socketDescriptor: Int32 { get }
    /// The session that forwards, the agent, remote forwards and uploads open channels on;
    /// nil when the connection carries no SSH session (a test's fake): they stay idle.
    var forwardingSession: SSHSession? { get }
    /// True while a write waits for the socket to take it (the watch then asks for `.writable`).
    var waitsToSend: Bool { get }
    /// True while a packet of some call is half sent.
    var hasPendingSend: Bool { get }
    /// True when input is held inside the connection with no socket event left to announce it.
    var hasBufferedInput: Bool { get }
    /// Sends the receipt probe behind the keys written so far, or looks for its answer
    /// (ADR 0031); a fake answers as its test decides.
    func stepReceiptProbe() throws -> SSHChannel.ReceiptProbe
    func configureKeepalive(interval: Int)
    /// Sends a keepalive if one is due; seconds until the next is due.
    func sendKeepalive() throws -> Int
    /// Ends the connection without waiting on the loop thread (`closer` finishes it in later
    /// turns); `done` gets how the remote command ended, once known.
    func close(through closer: SessionCloser, done: ((SSHExit?) -> Void)?)
    /// Ends a lost connection at once: no goodbye, and its socket closed with a reset, so no
    /// half-dead socket keeps sending into a dead path (ADR 0031).
    func reset()
    /// The line was written for the Windows shell the registry remembered (ADR 0032).
    var lineFromRememberedShell: Bool { get }
}

extension LinkConnection {
    var lineFromRememberedShell: Bool { false }
}

extension RemoteConnection: LinkConnection {
    var terminalTransport: any HostTransport { channel }
    var socketDescriptor: Int32 { session.socketDescriptor }
    var forwardingSession: SSHSession? { session }
    var waitsToSend: Bool { session.blockDirections.contains(.outbound) }
    var hasPendingSend: Bool { session.hasPendingSend }
    var hasBufferedInput: Bool { session.hasBufferedInput }
    func stepReceiptProbe() throws -> SSHChannel.ReceiptProbe { try channel.stepReceiptProbe() }
    func configureKeepalive(interval: Int) { session.configureKeepalive(interval: interval) }
    func sendKeepalive() throws -> Int { try session.sendKeepalive() }
    func close(through closer: SessionCloser, done: ((SSHExit?) -> Void)?) {
        closer.close(session, channel: channel, done: done)
    }
    func reset() { session.reset() }
}
