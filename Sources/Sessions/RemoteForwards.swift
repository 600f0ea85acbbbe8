import Hosts
import Loop
import SSH

/// A host's remote forwards (ssh -R) for the run, held by its `LinkDriver` through a few
/// hooks: each new session asks for every forward again (a reconnect's sshd has forgotten
/// them), the driver's pump serves them, and a dropped session ends their connections.
final class RemoteForwards {
    private let forwarders: [RemoteForwarder]

    init(_ specs: [RemoteForwardSpec], loop: EventLoop) throws {
        forwarders = try specs.map { try RemoteForwarder(spec: $0, loop: loop) }
    }

    /// The driver's hooks, set once it is whole: `onNote` gets a refusal or an unreachable
    /// destination, for a banner; `onActivity` pumps.
    func hook(onNote: @escaping (String) -> Void, onActivity: @escaping () -> Void) {
        for forwarder in forwarders {
            forwarder.onNote = onNote
            forwarder.onActivity = onActivity
        }
    }

    func sessionStarted(_ session: SSHSession) {
        for forwarder in forwarders { forwarder.sessionStarted(session) }
    }

    func sessionEnded() {
        for forwarder in forwarders { forwarder.sessionEnded() }
    }

    /// Serves every forward; true when one stopped at its budget (pump again soon).
    func pump() throws -> Bool {
        var more = false
        for forwarder in forwarders where try forwarder.pump() { more = true }
        return more
    }

    /// Each forward and how many connections it carries, for the host list:
    /// `remote 8080 → localhost:3000 (1 open)`.
    var notes: [String] { forwarders.map { "\($0.spec.summary) (\($0.openCount) open)" } }

    /// Whether bytes wait for the session's socket to take them.
    var waitsForRemote: Bool { forwarders.contains(where: \.waitsForRemote) }
}
