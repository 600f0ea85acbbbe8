import Loop
import SSH

/// The connections one forwarder relays: each a local socket, watched on the loop, and the
/// channel of the host's session that carries it (`ForwardedConnection`). Shared by port
/// forwards (`PortForwarder`, sockets it accepted) and agent forwarding (`AgentForwarder`,
/// sockets it connected to the local agent) so both relay the same way: bounded buffers,
/// channel I/O only from the link's pump, local activity asking for a pump (ADR 0012).
/// Loop thread only; nothing here blocks.
final class RelayedConnections {
    private let loop: EventLoop
    private var entries: [(connection: ForwardedConnection, watch: EventLoop.WatchToken)] = []
    /// Channels of finished connections whose close libssh2 has not completed yet.
    private var closing: [SSHForwardChannel] = []
    private let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: 16 * 1024, alignment: 16)
    /// Told after local activity: the driver pumps its session (any read may queue data for
    /// any channel, so every channel is served from the one pump).
    var onActivity: () -> Void = {}

    /// Bytes read from one connection's channel per pump, so one busy connection cannot keep
    /// the loop from the terminal and the keys.
    static let pumpBudget = 64 * 1024

    init(loop: EventLoop) {
        self.loop = loop
    }

    deinit {
        for entry in entries { loop.unwatch(entry.watch) }
        scratch.deallocate()
    }

    var count: Int { entries.count }

    /// Connections beyond this many are refused at once (each holds two buffers).
    static let maximumConnections = 64

    /// True when no more connections may be added.
    var isFull: Bool { entries.count >= Self.maximumConnections }

    /// Connections carried now (with a channel).
    var openCount: Int { entries.filter { $0.connection.channel != nil }.count }

    /// Whether bytes wait for the session's socket to take them.
    var waitsForRemote: Bool { entries.contains { $0.connection.channel != nil && $0.connection.waitsForRemote } }

    /// The oldest connection still waiting for a channel.
    var firstWithoutChannel: ForwardedConnection? { entries.first { $0.connection.channel == nil }?.connection }

    /// Starts relaying `connection`: its socket is watched from now on.
    func add(_ connection: ForwardedConnection) {
        let watch = loop.watch(connection.socket, for: .readable) { [unowned self] _ in
            connection.serviceLocal(scratch: scratch)
            updateWatch(of: connection)
            onActivity()
        }
        entries.append((connection, watch))
        updateWatch(of: connection)
    }

    /// Moves bytes both ways on every connection with a channel and drops finished ones.
    /// Returns true when a connection stopped at its budget (pump again soon). Throws when
    /// the session is lost.
    func serve() throws -> Bool {
        var more = false
        for entry in entries where try entry.connection.serviceRemote(scratch: scratch, budget: Self.pumpBudget) {
            more = true
        }
        for entry in entries {
            if entry.connection.finished { drop(entry.connection) } else { updateWatch(of: entry.connection) }
        }
        closing.removeAll { $0.free() }
        return more
    }

    /// Stops relaying `connection`: its socket closes, its channel is freed (now or on a
    /// later pump).
    func drop(_ connection: ForwardedConnection) {
        guard let index = entries.firstIndex(where: { $0.connection === connection }) else { return }
        loop.unwatch(entries[index].watch)
        entries.remove(at: index)
        if let channel = connection.channel { close(channel) }
    }

    /// Frees `channel` now or on a later pump (its close may wait for the session's socket).
    func close(_ channel: SSHForwardChannel) {
        if !channel.free() { closing.append(channel) }
    }

    /// The session is gone: connections it carried close (their channels went with it);
    /// those still waiting for a channel stay.
    func sessionEnded() {
        closing.removeAll()
        for entry in entries where entry.connection.channel != nil { loop.unwatch(entry.watch) }
        entries.removeAll { $0.connection.channel != nil }
    }

    private func updateWatch(of connection: ForwardedConnection) {
        guard let entry = entries.first(where: { $0.connection === connection }) else { return }
        var events: EventLoop.Events = []
        let interest = connection.localInterest
        if interest.read { events.insert(.readable) }
        if interest.write { events.insert(.writable) }
        loop.setEvents(events, for: entry.watch)
    }
}
