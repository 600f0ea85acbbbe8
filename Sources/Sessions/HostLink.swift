import Console
import Loop
import VT

/// One host of a `drover attach` run: its emulator (which outlives connections and keeps the
/// screen while the host is hidden or disconnected), its lifecycle state and, while connected,
/// the connection with the event-loop registrations that serve it.
final class HostLink {
    let target: AttachTarget
    let terminal: Terminal
    var state: HostSession
    var connection: RemoteConnection?
    var socketWatch: EventLoop.WatchToken?
    var keepaliveTimer: EventLoop.TimerToken?
    var reconnectTimer: EventLoop.TimerToken?
    /// Bytes for the remote that the channel has not taken yet.
    var outbound: [UInt8] = []
    var keepalive = KeepaliveWatch()
    /// Keys typed while not attached, sent once the session has drawn (`deliveryTimer` sends
    /// them anyway if it stays quiet).
    var pending = PendingInput()
    var deliveryTimer: EventLoop.TimerToken?
    /// The person's password answers of this run, for reconnects (wiped on exit).
    let answers = LoginAnswers()
    /// True once any connection of this run reached the remote command.
    var attachedOnce = false
    /// Set when the host is done (session ended, or connecting failed for good): the exit code
    /// and message Drover reports for it.
    var outcome: AttachController.Outcome?

    init(target: AttachTarget, terminal: Terminal, inFront: Bool) {
        self.target = target
        self.terminal = terminal
        self.state = HostSession(host: target.displayName, inFront: inFront)
    }

    var name: String { target.displayName }

    /// Whether a typed key may go straight to the channel (attached, nothing queued before it).
    var takesKeysNow: Bool { connection != nil && pending.isEmpty }
}
