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

    /// Connects offering the pinned host key types first, verifies the host key (`ask` decides
    /// about an unknown key), authenticates with
    /// the device key, then the agent, then password or keyboard-interactive answers from
    /// `answer`, and starts `command` in a PTY of the size `size` gives at
    /// that moment (the local terminal may have been resized while the trust question was up).
    /// `progress` is told each step so the overlay can say what is happening.
    public static func open(target: AttachTarget, root: DroverRoot, environment: [String: String],
                            size: () -> (columns: Int, rows: Int), options: SSHOptions,
                            progress: (ConnectionState) -> Void,
                            ask: @escaping (UnknownHostKey) -> Bool,
                            answer: @escaping (SSHAuthPrompt) -> String?) throws -> RemoteConnection {
        progress(.connecting(address: target.endpoint.hostAndPort))
        let knownHosts = KnownHosts(root: root)
        let endpoint = target.endpoint
        let session = try SSHSession.connect(
            to: endpoint, options: options.preferringPins(in: knownHosts, host: endpoint.host, port: endpoint.port))
        let trust = HostKeyTrust(knownHosts: knownHosts, ask: ask)
        try session.verifyHostKey(trust.verify)
        progress(.authenticating)
        let deviceKey = try DeviceKey.loadOrCreate(root: root)
        var credentials = SSHCredentials.standard(deviceKey: SSHPrivateKey(deviceKey: deviceKey),
                                                  environment: environment, prompt: answer)
        credentials.order = credentialOrder(target.host?.auth ?? AuthMethod.defaultOrder)
        _ = try session.authenticate(credentials)
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
