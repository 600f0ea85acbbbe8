import Foundation
import Hosts
import Identity
import Sessions
import SSH

/// One connection made the way `drover attach` makes it (the same `ConnectionPlan`: pins,
/// ~/.ssh/known_hosts, device key, agent, identity files), with questions asked on the
/// command line, each step timed. `drover doctor` reports the steps; `drover ssh-check`
/// runs a command over the result.
struct CheckedConnection {
    /// One finished step: what it was, how long it took, what came of it.
    struct Step {
        let name: String
        let duration: Duration
        let detail: String
    }

    let target: AttachTarget
    let plan: ConnectionPlan
    let options: SSHOptions
    /// Pin an unknown host key without asking (never a changed one).
    let assumeYes: Bool

    init(target: AttachTarget, ctx: CommandContext, timeout: Double, readsOpenSSHKnownHosts: Bool, assumeYes: Bool) {
        var options = SSHOptions(connectTimeout: timeout, handshakeTimeout: timeout)
        options.readsOpenSSHKnownHosts = readsOpenSSHKnownHosts
        self.target = target
        self.options = options
        self.assumeYes = assumeYes
        plan = ConnectionPlan(target: target, root: ctx.root, environment: ctx.environment, options: options)
    }

    /// `HOST`: a registry name or `[user@]host[:port]`, as `drover attach` takes it.
    static func resolve(_ text: String, ctx: CommandContext) throws -> AttachTarget {
        let list = try HostStore(root: ctx.root).load()
        if let invalid = list.invalidNamed(text) { throw HostStoreError.invalidEntry(invalid) }
        return try AttachTarget.resolve(text, in: list.hosts, localUser: ctx.environment["USER"] ?? LocalUser.name)
    }

    /// Connects, checks the host key and logs in; `step` hears each step as it ends. Password
    /// and keyboard-interactive login are not offered; an identity file's passphrase is asked
    /// without echo.
    func open(ctx: CommandContext, step: (Step) -> Void) throws -> SSHSession {
        let endpoint = plan.endpoint
        let note: (String) -> Void = { ctx.printError($0) }
        var started = ContinuousClock.now
        func finish(_ name: String, _ detail: String) {
            let now = ContinuousClock.now
            step(Step(name: name, duration: started.duration(to: now), detail: detail))
            started = now
        }
        let session = try SSHSession.connect(to: endpoint, options: plan.connectOptions(options))
        finish("TCP and SSH handshake", "\(session.peer), \(session.serverBanner ?? "no banner")")
        var asked = false
        let trust = plan.trust(note: note) { unknown in
            asked = true
            if assumeYes {
                ctx.printError("Pinning \(unknown.key.keyType) \(unknown.key.fingerprint) for \(endpoint.hostAndPort) (--yes).")
                return true
            }
            return HostKeyTrust.confirm(unknown, ask: ctx.ask)
        }
        try session.verifyHostKey(trust.verify)
        finish("host key", "\(session.hostKey.keyType) \(session.hostKey.fingerprint)\(asked ? " (newly pinned)" : " (pinned)")")
        let deviceKey = try DeviceKey.loadOrCreate(root: ctx.root)
        var credentials = plan.credentials(deviceKey: deviceKey, prompt: { question in
            guard question.keyFile != nil else { return nil }
            if !question.instruction.isEmpty { ctx.printError(question.instruction) }
            return ctx.readSecretLine(prompt: question.text)
        }, note: note)
        credentials.order.removeAll { $0 == .prompt }
        let method = try session.authenticate(credentials)
        finish("login", "\(method)")
        return session
    }
}
