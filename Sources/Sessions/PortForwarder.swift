import Hosts
import LibC
import Loop
import SSH

/// One `--forward` of a host for the whole run: the listening socket, kept across
/// reconnects, and the connections accepted on it, each carried over its own `direct-tcpip`
/// channel of the host's current session (ADR 0012). A connection accepted while the host is
/// away waits for the next session; the connections of a session that dropped are closed.
/// Loop thread only; nothing here blocks.
final class PortForwarder {
    let spec: ForwardSpec
    private let loop: EventLoop
    private let listener: Int32
    private var listenWatch: EventLoop.WatchToken?
    private let relays: RelayedConnections
    private var session: SSHSession?
    /// Told after local activity: the driver pumps its session.
    var onActivity: () -> Void {
        get { relays.onActivity }
        set { relays.onActivity = newValue }
    }

    /// Listens on the forward's address now, so a port in use is reported before attaching.
    init(spec: ForwardSpec, loop: EventLoop) throws {
        self.spec = spec
        self.loop = loop
        relays = RelayedConnections(loop: loop)
        listener = try Self.listen(on: spec)
        listenWatch = loop.watch(listener, for: .readable) { [unowned self] _ in acceptAll() }
    }

    deinit {
        if let listenWatch { loop.unwatch(listenWatch) }
        close(listener)
    }

    /// Connections carried now (with a channel).
    var openCount: Int { relays.openCount }

    /// Whether bytes wait for the session's socket to take them.
    var waitsForRemote: Bool { relays.waitsForRemote }

    /// A new session is up: waiting connections get channels on the next pump.
    func sessionStarted(_ session: SSHSession) {
        self.session = session
        if relays.count > 0 { loop.nextTurn { [weak self] in self?.onActivity() } }
    }

    /// The session is gone: its connections close (their channels went with it); the
    /// listener stays, and connections accepted from now on wait for the next session.
    func sessionEnded() {
        session = nil
        relays.sessionEnded()
    }

    /// Serves every connection: opens the next channel (one at a time, as libssh2 allows),
    /// moves bytes both ways, drops finished connections. Returns true when a connection
    /// stopped at its budget (pump again soon). Throws when the session is lost.
    func pump() throws -> Bool {
        guard let session else { return false }
        // Until an open waits for the server's answer (whose arrival pumps again).
        while let next = relays.firstWithoutChannel {
            do {
                guard let channel = try session.openForward(host: spec.host, port: spec.remotePort,
                                                            originHost: "127.0.0.1", originPort: 0) else { break }
                next.channel = channel
            } catch SSHError.channelRefused {
                relays.drop(next)   // the host refused this one; the next may work
            }
        }
        return try relays.serve()
    }

    private func acceptAll() {
        while true {
            let fd = acceptNonBlockingClosedOnExec(listener)
            if fd < 0 { break }
            guard !relays.isFull else { close(fd); continue }
            relays.add(ForwardedConnection(socket: fd))
        }
        onActivity()
    }

    /// A non-blocking listening socket on the forward's address and port.
    private static func listen(on spec: ForwardSpec) throws -> Int32 {
        var hints = addrinfo()
        hints.ai_flags = AI_NUMERICHOST | AI_PASSIVE
        hints.ai_socktype = streamSocketType
        var list: UnsafeMutablePointer<addrinfo>?
        let address = spec.bind == "localhost" ? "127.0.0.1" : spec.bind
        guard getaddrinfo(address, String(spec.localPort), &hints, &list) == 0, let info = list else {
            throw ForwardError(spec: spec, detail: "not an address this computer has")
        }
        defer { freeaddrinfo(list) }
        let fd = socketClosedOnExec(family: info.pointee.ai_family, type: streamSocketType, protocol: 0)
        guard fd >= 0 else { throw ForwardError(spec: spec, detail: String(cString: strerror(errno))) }
        var one: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        guard bind(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0, LibC.listen(fd, 16) == 0,
              fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) == 0 else {
            let detail = String(cString: strerror(errno))
            close(fd)
            throw ForwardError(spec: spec, detail: detail)
        }
        return fd
    }
}

/// A forward whose local port could not be listened on.
struct ForwardError: Error, CustomStringConvertible {
    let spec: ForwardSpec
    let detail: String
    var description: String {
        "cannot listen on \(spec.bind):\(spec.localPort) for the forward \(spec.summary) (\(detail)); "
            + "pick a free local port, or stop what uses this one."
    }
}
