import Files
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
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
    let root: DroverRoot
    let environment: [String: String]
    /// Which credentials the login may use: keys only (doctor, ssh-check), keys then a typed
    /// password (`key install`), or the device key alone (`key install`'s proof).
    enum Logins { case keys, keysThenPassword, deviceKeyOnly }
    var logins = Logins.keys
    /// Check the host key and change nothing (`ctrl+] o`'s quiet listing): a pinned key goes on,
    /// a key ~/.ssh/known_hosts holds (when read) goes on without being pinned, any other is
    /// not trusted, and no question is asked.
    var checksHostKeyOnly = false

    init(target: AttachTarget, ctx: CommandContext, timeout: Double, readsOpenSSHKnownHosts: Bool, assumeYes: Bool) {
        var options = SSHOptions(connectTimeout: timeout, handshakeTimeout: timeout)
        options.readsOpenSSHKnownHosts = readsOpenSSHKnownHosts
        self.target = target
        self.options = options
        self.assumeYes = assumeYes
        root = ctx.root
        environment = ctx.environment
        plan = ConnectionPlan(target: target, root: ctx.root, environment: ctx.environment, options: options)
    }

    /// `HOST`: a registry name, an ssh_config Host or `[user@]host[:port]`, as `drover attach` takes it.
    /// `flags` are doctor's one-off `-J -i -p -l`; `notHonoured` hears what the config says
    /// that Drover does not use.
    static func resolve(_ text: String, ctx: CommandContext, flags: ConnectionFlags? = nil,
                        notHonoured: ([String]) -> Void = { _ in }) throws -> AttachTarget {
        let list = try HostStore(root: ctx.root).load()
        if let invalid = list.invalidNamed(text) { throw HostStoreError.invalidEntry(invalid) }
        var resolver = TargetResolver(list: list, lookup: SSHConfigLookup(environment: ctx.environment), flags: flags)
        let target = try resolver.resolve(text)
        notHonoured(resolver.notHonoured.values.flatMap { $0 })
        for note in resolver.notes { ctx.printError(note) }
        // Connected to as ssh would, but a typo of a registered name is said first.
        if let nearMiss = target.nearMissNote { ctx.print("Note: " + nearMiss + ".") }
        return target
    }

    /// Each jump host's name and plan, in the order they are passed through.
    var hopPlans: [(name: String, plan: ConnectionPlan)] {
        target.jumps.map { ($0.name, ConnectionPlan(jump: $0, root: root, environment: environment, options: options)) }
    }

    /// Connects through each jump host, then to the target, with the steps attach takes
    /// (`ConnectionPlan.logIn`); `step` hears each step as it ends (a hop's steps carry its
    /// name). Password and keyboard-interactive login are not offered; an identity file's
    /// passphrase is asked without echo.
    func open(ctx: CommandContext, step: (Step) -> Void) throws -> SSHSession {
        var started = ContinuousClock.now
        var outer: SSHSession?
        for hop in hopPlans {
            do {
                outer = try logIn(hop.plan, through: outer, label: "jump host \(hop.name): ", ctx: ctx, started: &started, step: step)
            } catch let error as SSHError {
                throw SSHError.jumpHost(hop: hop.name, error)
            } catch {
                throw JumpHostFailure(hop: hop.name, underlying: error)
            }
        }
        return try logIn(plan, through: outer, label: "", ctx: ctx, started: &started, step: step)
    }

    private func logIn(_ plan: ConnectionPlan, through outer: SSHSession?, label: String, ctx: CommandContext,
                       started: inout ContinuousClock.Instant, step: (Step) -> Void) throws -> SSHSession {
        let endpoint = plan.endpoint
        let note: (String) -> Void = { ctx.printError($0) }
        var asked = false
        let trust = plan.trust(note: note, direct: outer == nil, pinsOpenSSHMatch: !checksHostKeyOnly) {
            [assumeYes, checksHostKeyOnly] unknown in
            if checksHostKeyOnly { return false }
            asked = true
            if assumeYes {
                ctx.printError("Pinning \(unknown.key.keyType) \(unknown.key.fingerprint) for \(endpoint.hostAndPort) (--yes).")
                return true
            }
            // A line too long to be an answer answers nothing: the key is not trusted.
            return HostKeyTrust.confirm(unknown, ask: { (try? ctx.ask($0)) ?? nil })
        }
        var last = started
        defer { started = last }
        // The target's next call is doctor's `exec("true")`, as attach's is its command.
        return try plan.logIn(through: outer, options: options, trust: trust, thenExec: label.isEmpty, credentials: {
            var credentials = plan.credentials(deviceKey: try DeviceKey.loadOrCreate(root: root), prompt: { [logins] question in
                guard question.keyFile != nil || logins == .keysThenPassword else { return nil }
                if !question.instruction.isEmpty { ctx.printError(question.instruction) }
                // A line too long to be a passphrase is no passphrase: the key is skipped.
                return (try? ctx.readSecretLine(prompt: question.text)) ?? nil
            }, note: note)
            switch logins {
            case .keys: credentials.order.removeAll { $0 == .prompt }
            case .keysThenPassword: if !credentials.order.contains(.prompt) { credentials.order.append(.prompt) }
            case .deviceKeyOnly: credentials.order = [.privateKeys]
            }
            return credentials
        }, step: { done in
            let now = ContinuousClock.now
            let (name, detail): (String, String)
            switch done {
            case .handshake(let session):
                (name, detail) = ("TCP and SSH handshake", "\(session.peer), \(session.serverBanner ?? "no banner")")
            case .hostKey(let session):
                (name, detail) = ("host key", "\(session.hostKey.keyType) \(session.hostKey.fingerprint)"
                                  + (asked ? " (newly pinned)" : " (pinned)"))
                asked = false
            case .login(_, let method):
                (name, detail) = ("login", "\(method)")
            case .again(let reason):
                (name, detail) = ("connecting again", "\(reason)")
            }
            step(Step(name: label + name, duration: last.duration(to: now), detail: detail))
            last = now
        })
    }
}
