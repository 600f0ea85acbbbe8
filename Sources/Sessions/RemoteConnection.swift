import Files
import Foundation
import Hosts
import Identity
import SSH

/// One live SSH connection running a host's attach command in a PTY: the pieces
/// a `LinkDriver` needs, created together and dropped together.
public final class RemoteConnection {
    public let session: SSHSession
    public let channel: SSHChannel
    /// The address that answered (`127.0.0.1:2222`).
    public var peer: String { session.peer.description }

    init(session: SSHSession, channel: SSHChannel) {
        self.session = session
        self.channel = channel
    }

    /// Connects offering the pinned host key types first (through the target's jump hosts, each
    /// checked and logged in to the same way, a failure there naming the hop), verifies the host
    /// key (`ask` decides about an unknown key), authenticates with
    /// the device key, then the agent, then password or keyboard-interactive answers from
    /// `answer`, and starts `command` in a PTY of the size `size` gives at
    /// that moment (the local terminal may have been resized while the trust question was up).
    /// `progress` is told each step so the overlay can say what is happening.
    public static func open(target: AttachTarget, root: DroverRoot, environment: [String: String],
                            size: () -> (columns: Int, rows: Int), options: SSHOptions,
                            progress: (ConnectionState) -> Void,
                            ask: @escaping (UnknownHostKey) -> Bool,
                            answer: @escaping (SSHAuthPrompt) -> String?) throws -> RemoteConnection {
        let knownHosts = KnownHosts(root: root)
        /// Connects (directly or through `outer`), checks the host key against its own pin
        /// and logs in with `auth`'s order: the same steps for every hop and for the target.
        func logIn(to endpoint: SSHEndpoint, through outer: SSHSession?, auth: [AuthMethod]) throws -> SSHSession {
            let preferred = try options.preferringPins(in: knownHosts, host: endpoint.host, port: endpoint.port)
            let session = try outer.map { try $0.connectThrough(to: endpoint, options: preferred) }
                ?? (try SSHSession.connect(to: endpoint, options: preferred))
            try session.verifyHostKey(HostKeyTrust(knownHosts: knownHosts, ask: ask).verify)
            progress(.authenticating)
            let deviceKey = SSHPrivateKey(deviceKey: try DeviceKey.loadOrCreate(root: root))
            var credentials = SSHCredentials.standard(deviceKey: deviceKey, environment: environment, prompt: answer)
            credentials.order = credentialOrder(auth)
            _ = try session.authenticate(credentials)
            return session
        }
        var outer: SSHSession?
        for hop in target.jumps {
            progress(.connecting(address: "\(hop.endpoint.hostAndPort) (jump host \(hop.name))"))
            do {
                outer = try logIn(to: hop.endpoint, through: outer, auth: hop.auth)
            } catch let error as SSHError {
                throw SSHError.jumpHost(hop: hop.name, error)
            }
        }
        progress(.connecting(address: target.endpoint.hostAndPort))
        let session = try logIn(to: target.endpoint, through: outer, auth: target.host?.auth ?? AuthMethod.defaultOrder)
        let (columns, rows) = size()
        let channel = try session.exec(target.command, pty: SSHPTYRequest(columns: columns, rows: rows),
                                       environment: forwardedEnvironment(environment))
        return RemoteConnection(session: session, channel: channel)
    }

    /// The host's auth preference (`drover hosts edit NAME --auth agent,password`) as the order
    /// SSH tries credentials in; a method left out is never tried.
    static func credentialOrder(_ preference: [AuthMethod]) -> [SSHCredentials.Kind] {
        preference.map { method in
            switch method {
            case .deviceKey: return .privateKeys
            case .agent: return .agent
            case .password: return .prompt
            }
        }
    }

    /// Locale and colour hints the remote should see (TERM comes with the PTY request).
    /// sshd accepts only the names its AcceptEnv lists; refusals are ignored.
    static func forwardedEnvironment(_ environment: [String: String]) -> [String: String] {
        environment.filter { key, value in
            !value.isEmpty && (key == "LANG" || key == "COLORTERM" || key.hasPrefix("LC_"))
        }
    }

    public func disconnect() {
        session.disconnect()
    }
}
