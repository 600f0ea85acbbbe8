import Files
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hosts
import Identity
import LibC
import SSH

/// One live SSH connection running a host's attach command in a PTY: the pieces
/// a `LinkDriver` needs, created together and dropped together.
public final class RemoteConnection {
    public let session: SSHSession
    public let channel: SSHChannel
    /// The address that answered (`127.0.0.1:2222`).
    public var peer: String { session.peer.description }
    /// The size the PTY was requested at (nil: unknown), so attaching sends a window change
    /// only when the terminal was resized since.
    public let requestedSize: (columns: Int, rows: Int)?
    /// The line was written for the Windows shell the registry remembered (ADR 0032).
    let lineFromRememberedShell: Bool

    init(session: SSHSession, channel: SSHChannel, requestedSize: (columns: Int, rows: Int)? = nil,
         lineFromRememberedShell: Bool = false) {
        self.session = session
        self.channel = channel
        self.requestedSize = requestedSize
        self.lineFromRememberedShell = lineFromRememberedShell
    }

    /// Follows a `ConnectionPlan` for each jump host in turn (each hop's session runs inside a
    /// `direct-tcpip` channel of the one before; a failure there names the hop), then for the
    /// target: connects offering the pinned host key types first, verifies the host key
    /// (Drover's pins, then `~/.ssh/known_hosts`; `ask` decides about an unknown key),
    /// authenticates with the device key, the agent, identity files (a passphrase is asked
    /// through `answer`), then password or keyboard-interactive answers from `answer`, and
    /// starts `command` in a PTY of the size `size` gives at that moment (the local terminal
    /// may have been resized while the trust question was up), asking the target (never a hop)
    /// for agent forwarding first when `target.forwardAgent` and a local agent is there. `progress` is told each step so
    /// the overlay can say what is happening; `note` gets one-line remarks (a key pinned
    /// because OpenSSH trusts it, a missing identity file); `laterNote` gets a ProxyCommand's
    /// later stderr lines as a function to read them with when shown (it is called from the
    /// command's stderr reader thread, at most once until that function ran). `fence`: the
    /// line records this connection's sshd, and kills the one recorded before if asked (ADR 0031).
    static func open(target: AttachTarget, root: DroverRoot, environment: [String: String],
                     size: () -> (columns: Int, rows: Int), options: SSHOptions, fence: LinkFence.Request? = nil,
                     progress: (ConnectionState) -> Void,
                     note: @escaping (String) -> Void = { _ in },
                     laterNote: @escaping @Sendable (_ text: @escaping @Sendable () -> String?) -> Void = { _ in },
                     ask: @escaping (UnknownHostKey) -> Bool,
                     answer: @escaping (SSHAuthPrompt) -> String?) throws -> RemoteConnection {
        /// Connects (directly or through `outer`), checks the host key and logs in as `plan`
        /// says: the same steps for every hop and for the target.
        func logIn(_ plan: ConnectionPlan, through outer: SSHSession?, hop: String? = nil,
                   thenExec: Bool = false) throws -> SSHSession {
            // The target's next call is exec; a hop's is a direct-tcpip channel.
            // A hop's questions say which hop asks, so its answers are kept (and shown) as its own.
            var prompt: (SSHAuthPrompt) -> String? = answer
            if let hop { prompt = { answer($0.asked(byJumpHost: hop)) } }
            return try plan.logIn(through: outer, options: options, trust: plan.trust(note: note, direct: outer == nil, ask: ask), thenExec: thenExec,
                                  credentials: { plan.credentials(deviceKey: try DeviceKey.loadOrCreate(root: root),
                                                                  prompt: prompt, note: note) },
                                  step: { finished in
                                      if case .hostKey = finished { progress(.authenticating) }
                                      // The handshake's and the login's code ran for this connection
                                      // (ADR 0033, wave 7): their pages need not stay with the frames.
                                      switch finished {
                                      case .hostKey, .login: releaseCleanFileMappings()
                                      case .handshake, .again: break
                                      }
                                  })
        }
        // A near miss of a registry name is said before the trust question can come up.
        if let nearMiss = target.nearMissNote { note(nearMiss) }
        var outer: SSHSession?
        for hop in target.jumps {
            progress(.connecting(address: "\(hop.endpoint.hostAndPort) (jump host \(hop.name))"))
            do {
                outer = try logIn(ConnectionPlan(jump: hop, root: root, environment: environment, options: options),
                                  through: outer, hop: hop.name)
            } catch let error as SSHError {
                throw SSHError.jumpHost(hop: hop.name, error)
            } catch {
                // Pins that cannot be written, a device key that cannot be read: still this hop's.
                throw JumpHostFailure(hop: hop.name, underlying: error)
            }
        }
        progress(.connecting(address: target.endpoint.hostAndPort))
        let plan = ConnectionPlan(target: target, root: root, environment: environment, options: options)
        let early = !EarlyOpenRefusals.shared.contains(target.endpoint)
        var session = try logIn(plan, through: outer, thenExec: early)
        let (columns, rows) = size()
        // Only the target's session gets the agent, never a jump host's.
        let forwardAgent = target.forwardAgent && agentSocket(in: environment) != nil
        var fromRememberedShell = false
        func start(_ session: SSHSession) throws -> SSHChannel {
            // A Windows host's line is written for its shell, probed on this session if unknown.
            let line = try WindowsShellChoice.line(for: target, on: session, root: root, note: note)
            fromRememberedShell = line.fromRememberedShell
            let command = fence?.command(for: target, root: root) ?? line.command
            let channel = try session.exec(command, pty: SSHPTYRequest(columns: columns, rows: rows),
                                           environment: ForwardedEnvironment.of(environment), forwardAgent: forwardAgent)
            if channel.agentForwardingRefused {
                note("\(target.displayName) refused agent forwarding (AllowAgentForwarding or DisableForwarding in its "
                     + "sshd_config, or no-agent-forwarding on the key); attached without it.")
            }
            return channel
        }
        let channel: SSHChannel
        do {
            channel = try start(session)
        } catch let spent as EarlySessionChannelSpent {
            // The server never answered the open sent behind the login: not again this run.
            EarlyOpenRefusals.shared.insert(target.endpoint)
            note("\(target.endpoint.hostAndPort): \(spent.description)")
            session.disconnect()
            session = try logIn(plan, through: outer, thenExec: false)
            channel = try start(session)
        }
        // What a ProxyCommand said while the link came up (a tunnel's notice) is shown once, and
        // later lines as they come: `laterNote` is told from its stderr's reader thread, once per
        // batch, with what reads the batch's latest lines when the note is shown.
        if let proxy = session.transport as? ProxyCommandProcess {
            let name = target.displayName
            let said = proxy.follow { take in
                laterNote { let lines = take(); return lines.isEmpty ? nil : "\(name): its ProxyCommand says: \(lines)" }
            }
            if !said.isEmpty { note("\(name): its ProxyCommand says: \(said)") }
        }
        return RemoteConnection(session: session, channel: channel, requestedSize: (columns, rows),
                                lineFromRememberedShell: fromRememberedShell)
    }

    /// The local agent's socket (`SSH_AUTH_SOCK`) that forwarding relays to; nil when unset.
    public static func agentSocket(in environment: [String: String]) -> String? {
        environment["SSH_AUTH_SOCK"].flatMap { $0.isEmpty ? nil : $0 }
    }

    public func disconnect() {
        session.disconnect()
    }
}

/// A failure at a jump host that is not an `SSHError` (Drover's known_hosts could not be
/// written, the device key could not be loaded): the status line still names the hop.
public struct JumpHostFailure: Error, CustomStringConvertible {
    public let hop: String
    public let underlying: Error
    public init(hop: String, underlying: Error) {
        self.hop = hop
        self.underlying = underlying
    }
    public var description: String { "jump host \(hop): \(underlying)" }
}
