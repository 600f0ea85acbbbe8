import LibC
import Loop
import Hosts
import SSH

/// One remote forward (ssh -R) of one host: once its session is up, asks the host's sshd to
/// listen on the spec's port (`tcpip-forward`), again on every new session after a reconnect;
/// each connection made there arrives as a channel and is relayed to a new non-blocking
/// connection to HOST:LPORT on this computer, as a port forward's is (`RelayedConnections`).
/// A refusal (the port is taken on the host, or its sshd forbids forwarding) is told once per
/// session through `onNote`. Loop thread only; HOST is looked up once per session on a worker
/// thread (`ForwardDestination`), and connections wait at the host's listener until it is known.
final class RemoteForwarder {
    let spec: RemoteForwardSpec
    private let relays: RelayedConnections
    private let destination: ForwardDestination
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

    /// Throws when the loop cannot make the mailbox the lookups answer through.
    init(spec: RemoteForwardSpec, loop: EventLoop) throws {
        self.spec = spec
        relays = RelayedConnections(loop: loop)
        destination = try ForwardDestination(host: spec.host, port: spec.localPort, loop: loop)
        destination.onSettled = { [unowned self] in onActivity() }
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
        destination.lookUp()
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
        while !destination.isLooking, let listener, let channel = try listener.accept() {
            let socket: Int32
            do {
                guard !relays.isFull else { throw ForwardDestination.Unreachable(description: "too many connections") }
                socket = try destination.openConnection()
            } catch {
                relays.close(channel)   // the program on the host sees its connection closed
                onNote("remote forward \(spec.summary): \(spec.host) port \(spec.localPort) cannot be reached here "
                       + "(\(error)); start what should listen there")
                continue
            }
            let connection = ForwardedConnection(socket: socket)
            connection.channel = channel
            relays.add(connection)
        }
        return try relays.serve()
    }
}
