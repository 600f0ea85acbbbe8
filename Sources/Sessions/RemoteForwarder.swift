import LibC
import Loop
import Hosts
import SSH

/// One remote forward (ssh -R) of one host: once its session is up, asks the host's sshd to
/// listen on the spec's port (`tcpip-forward`), again on every new session after a reconnect;
/// each connection made there arrives as a channel and is relayed to a new non-blocking
/// connection to HOST:LPORT on this computer, as a port forward's is (`RelayedConnections`).
/// A refusal (the port is taken on the host, or its sshd forbids forwarding) is told once per
/// session through `onNote`. Loop thread only; nothing here blocks but the name lookup of
/// HOST, which for an address or `localhost` is immediate.
final class RemoteForwarder {
    let spec: RemoteForwardSpec
    private let relays: RelayedConnections
    private var session: SSHSession?
    private var listener: SSHRemoteListener?
    /// Set when this session's sshd said no: not asked again until the next session.
    private var refused = false
    /// Told about a refusal or a local destination that does not answer, for a banner.
    var onNote: (String) -> Void = { _ in }
    /// Told after local activity: the driver pumps its session.
    var onActivity: () -> Void {
        get { relays.onActivity }
        set { relays.onActivity = newValue }
    }

    init(spec: RemoteForwardSpec, loop: EventLoop) {
        self.spec = spec
        relays = RelayedConnections(loop: loop)
    }

    /// Connections relayed now.
    var openCount: Int { relays.openCount }

    /// True once the host listens for this forward.
    var isListening: Bool { listener != nil }

    /// Whether bytes wait for the session's socket to take them.
    var waitsForRemote: Bool { relays.waitsForRemote }

    /// A new session is up: the forward is asked for on it at the next pump.
    func sessionStarted(_ session: SSHSession) {
        self.session = session
        listener = nil
        refused = false
    }

    /// The session is gone, and the host's listener and the connections with it.
    func sessionEnded() {
        session = nil
        listener = nil
        relays.sessionEnded()
    }

    /// Asks for the forward (one step), takes the connections made to it since the last pump,
    /// then moves bytes both ways. Returns true when a connection stopped at its budget; throws
    /// when the session is lost.
    func pump() throws -> Bool {
        guard let session, !refused else { return try relays.serve() }
        if listener == nil {
            do {
                listener = try session.listenRemote(bind: spec.bind, port: spec.remotePort)
            } catch let refusal as RemoteForwardRefused {
                refused = true
                onNote("the host would not listen on \(spec.bind) port \(spec.remotePort) for the remote forward "
                       + "\(spec.summary) (\(refusal.detail)): the port may be taken there, or its sshd_config may forbid "
                       + "it (AllowTcpForwarding); it is asked for again when the host reconnects")
                return try relays.serve()
            }
        }
        while let listener, let channel = try listener.accept() {
            let socket = relays.isFull ? -1 : Self.connectLocal(host: spec.host, port: spec.localPort)
            guard socket >= 0 else {
                relays.close(channel)   // the program on the host sees its connection closed
                onNote("remote forward \(spec.summary): \(spec.host) port \(spec.localPort) cannot be reached here "
                       + "(\(relays.isFull ? "too many connections" : String(cString: strerror(errno)))); "
                       + "start what should listen there")
                continue
            }
            let connection = ForwardedConnection(socket: socket)
            connection.channel = channel
            relays.add(connection)
        }
        return try relays.serve()
    }

    /// A non-blocking TCP connection to `host`:`port` (its first address), closed on exec; the
    /// connect may still be in progress (writes wait for it). -1 when it cannot be started.
    private static func connectLocal(host: String, port: Int) -> Int32 {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = streamSocketType
        hints.ai_flags = AI_NUMERICSERV
        var result: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &result) == 0, let result else {
            errno = EHOSTUNREACH
            return -1
        }
        defer { freeaddrinfo(result) }
        let info = result.pointee
        let fd = socketClosedOnExec(family: info.ai_family, type: info.ai_socktype, protocol: info.ai_protocol)
        guard fd >= 0 else { return -1 }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        if connect(fd, info.ai_addr, info.ai_addrlen) != 0 && errno != EINPROGRESS {
            let code = errno
            close(fd)
            errno = code
            return -1
        }
        return fd
    }
}
