import Files
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hosts
import SSH
import TextSafety

/// What `drover attach X` connects to: a registry host by name, or `user@host[:port]`
/// (a unix host running the default herdr command).
public struct AttachTarget: Equatable, Sendable {
    /// The name shown in the overlay (registry name, or the endpoint text).
    public let displayName: String
    public let endpoint: SSHEndpoint
    /// The command run in the PTY (the host's attach command).
    public var command: String { line.command }
    /// The registry host, when the target came from the registry.
    public let host: HostEntry?
    /// The herdr session `--session` chose for this run only (the registry is not changed).
    public let sessionOverride: String?
    /// The jump hosts to connect through, first hop first (empty: a direct connection).
    public let jumps: [JumpRoute]
    /// Local port forwards for this run: the host's own and those given to `attach`.
    public var forwards: [ForwardSpec] = []
    /// Remote port forwards for this run (ssh -R): the host's own and those given to `attach`.
    public var remoteForwards: [RemoteForwardSpec] = []
    /// Weak algorithms this target's server may use: the host's own `--legacy-algorithms`, and
    /// those `attach` or `doctor` add for this run (ADR 0021).
    public var legacyAlgorithms: [String]
    /// `attach --identities-only`: offer only identity files this run (a host may say so for good).
    public var identitiesOnly = false
    /// Whether the local ssh-agent is forwarded to this host (never to its jump hosts): the
    /// host's `forwardAgent`, or what `attach --forward-agent`/`--no-forward-agent` chose.
    public var forwardAgent = false
    /// The host's ProxyCommand with its tokens expanded for this target (`%n` is the name it
    /// was resolved by), run for each connection instead of a TCP connect; nil: TCP.
    public var proxyCommand: String?
    /// How the person named this target, which advice must repeat to reach it again.
    public var naming = Naming()
    /// The remote command line and what it was written from.
    private var line: RemoteLine

    /// The command run on the host, the terminal it names to herdr, and whether a Windows
    /// host's shell is probed again before it is written (ADR 0032).
    private struct RemoteLine: Equatable, Sendable {
        var command: String
        /// The terminal named to herdr (`announcing`). A Windows host's line is written only
        /// once its shell is known, at connect (`WindowsShellChoice`).
        var announced: AnnouncedTerminal?
        /// Set after an attach written for the remembered Windows shell failed: the next
        /// connection probes the shell again instead of trusting the registry (once a run).
        var recheckWindowsShell = false
    }

    /// See `RemoteLine.announced`.
    public var announced: AnnouncedTerminal? { line.announced }
    /// See `RemoteLine.recheckWindowsShell`.
    public var recheckWindowsShell: Bool { line.recheckWindowsShell }

    /// This target with its Windows shell probed again at the next connect.
    public func recheckingWindowsShell() -> AttachTarget {
        var target = self
        target.line.recheckWindowsShell = true
        return target
    }

    /// How a target was named: from the registry or made for this run, and with which flags.
    public struct Naming: Equatable, Sendable {
        /// False when the host was made for this run (from ~/.ssh/config or one-off flags) and
        /// is not in the registry: advice then never names `drover hosts edit`.
        public var isRegistered = true
        /// The one-off flags that reached this target this run (`-J box -p 2222`) and the
        /// forwards given with them (`-L`, `-R`, `-A`, as typed): advice that names `drover
        /// attach` repeats them, so it reaches the same host the same way.
        public var oneOffArguments: [String] = []
        /// A registry name close to the bare name this target was given, which reached DNS as
        /// an address (`demo` for `demmo`): the person is told before anything connects.
        public var nearMiss: String?

        public init() {}
    }

    /// The note for `Naming.nearMiss`, nil when there is none.
    public var nearMissNote: String? {
        naming.nearMiss.map { "'\(displayName)' is not a registered host (did you mean '\($0)'?); connecting to it as an address" }
    }

    /// See `Naming.nearMiss`.
    public var nearMiss: String? {
        get { naming.nearMiss }
        set { naming.nearMiss = newValue }
    }

    /// See `Naming.isRegistered`.
    public var isRegistered: Bool {
        get { naming.isRegistered }
        set { naming.isRegistered = newValue }
    }

    /// See `Naming.oneOffArguments`.
    public var oneOffArguments: [String] {
        get { naming.oneOffArguments }
        set { naming.oneOffArguments = newValue }
    }

    /// Whether the host runs herdr: its attach command, or a `--command` that names herdr (a
    /// wrapper, a path of its own). Only herdr's session keeps running after a detach; another
    /// command ends with its channel, and no message says otherwise.
    public var runsHerdr: Bool { host?.command.map { $0.contains("herdr") } ?? true }

    public init(displayName: String, endpoint: SSHEndpoint, command: String, host: HostEntry?,
                sessionOverride: String? = nil, jumps: [JumpRoute] = []) {
        self.jumps = jumps
        self.displayName = displayName
        self.endpoint = endpoint
        line = RemoteLine(command: command)
        self.host = host
        self.sessionOverride = sessionOverride
        legacyAlgorithms = host?.legacyAlgorithms ?? []
    }

    /// This target also allowing `names` (for this run; the registry is not changed).
    public func allowing(legacyAlgorithms names: [String]) -> AttachTarget {
        var target = self
        target.legacyAlgorithms += names.filter { !legacyAlgorithms.contains($0) }
        return target
    }

    /// A registry host.
    public init(host: HostEntry) {
        self.init(displayName: host.name, endpoint: SSHEndpoint(host: host.hostname, port: host.port, user: host.user),
                  command: host.attachCommand, host: host)
    }

    /// Resolves `text`: a registry name first; otherwise `[user@]host[:port]` (IPv6 as `[::1]:22`).
    /// A registry host's jump hosts are resolved too (`JumpRoute.resolve`).
    public static func resolve(_ text: String, in hosts: [HostEntry], localUser: String) throws -> AttachTarget {
        let direct = try resolveDirect(text, in: hosts, localUser: localUser)
        guard let host = direct.host else { return direct }
        var target = AttachTarget(displayName: direct.displayName, endpoint: direct.endpoint, command: direct.command,
                                  host: host, jumps: JumpRoute.resolve(host.jumpHops, in: hosts, localUser: localUser))
        // validate() checked them when the host was stored.
        target.forwards = (try? ForwardSpec.parseAll(host.forward ?? [], allowPublic: host.forwardPublic == true)) ?? []
        target.forwardAgent = host.forwardAgent == true
        target.remoteForwards = (try? RemoteForwardSpec.parseAll(host.remoteForward ?? [])) ?? []
        target.proxyCommand = try host.proxyCommand.map {
            try ProxyCommandText.expand($0, host: host.hostname, port: host.port, user: host.user, name: text)
        }
        return target
    }

    private static func resolveDirect(_ text: String, in hosts: [HostEntry], localUser: String) throws -> AttachTarget {
        if let host = hosts.first(where: { $0.name == text }) ?? hosts.first(where: { $0.answers(to: text) }) {
            return AttachTarget(host: host)
        }
        guard text.contains("@") || text.contains(".") || text.contains(":") || text == "localhost",
              let endpoint = SSHEndpoint.parse(text, defaultUser: localUser) else {
            throw AttachTargetError.unknown(text, known: hosts.map(\.name))
        }
        // An address typed names the registry entry that reaches the same account, which keeps
        // its settings (session, platform, command, route). Direct entries only, as ssh would
        // connect directly; but when the one entry of that account has a route, that route is
        // the only known way (`db.internal` behind a jump host may resolve only there). Of
        // several, the one without a session or command of its own; else the person must say.
        let same = hosts.filter { $0.hasSameAccount(as: adHocHost(endpoint)) }
        let direct = same.filter { $0.jumpHops.isEmpty && $0.proxyCommand == nil }
        let candidates = same.count == 1 ? same : direct
        let plain = candidates.filter { $0.session == nil && $0.command == nil }
        if candidates.count > 1 && plain.count != 1 { throw AttachTargetError.ambiguous(text, names: candidates.map(\.name)) }
        if let host = candidates.count > 1 ? plain.first : candidates.first { return AttachTarget(host: host) }
        return AttachTarget(displayName: endpoint.description, endpoint: endpoint,
                            command: adHocHost(endpoint).attachCommand, host: nil)
    }

    /// An address without a registry entry: a unix host running herdr's default command.
    private static func adHocHost(_ endpoint: SSHEndpoint) -> HostEntry {
        HostEntry(name: "adhoc", hostname: endpoint.host, port: endpoint.port, user: endpoint.user)
    }

    /// This target attaching herdr session `session` instead, for this run only. A host
    /// whose command is overridden has no session to change, so that is refused.
    public func attaching(session: String) throws -> AttachTarget {
        try HostRules.checkSession(session)
        var changed = host ?? Self.adHocHost(endpoint)
        if changed.command != nil { throw AttachTargetError.commandOverride(displayName) }
        changed.session = session
        var target = AttachTarget(displayName: displayName, endpoint: endpoint, command: changed.attachCommand,
                                  host: host, sessionOverride: session, jumps: jumps)
        target.forwards = forwards
        target.remoteForwards = remoteForwards
        target.legacyAlgorithms = legacyAlgorithms
        target.identitiesOnly = identitiesOnly
        target.forwardAgent = forwardAgent
        target.isRegistered = isRegistered
        target.proxyCommand = proxyCommand
        target.oneOffArguments = oneOffArguments
        target.nearMiss = nearMiss
        target.line.announced = line.announced
        target.line.recheckWindowsShell = line.recheckWindowsShell
        return target
    }

    /// This target's herdr told that it runs in `terminal` (ADR 0029), so herdr's alerts leave
    /// the host. Only herdr's own attach command changes: a `--command` is run as the person
    /// wrote it.
    public func announcing(_ terminal: AnnouncedTerminal) -> AttachTarget {
        let entry = host ?? Self.adHocHost(endpoint)
        guard entry.command == nil else { return self }
        var target = self
        target.line.command = RemoteAttachCommand.herdr(platform: entry.platform,
                                                        session: sessionOverride ?? entry.session, terminal: terminal)
        target.line.announced = terminal
        return target
    }

    /// The attach line of a Windows host whose herdr is told of a terminal, written for
    /// `shell`; nil when the line does not depend on a shell (unix, a `--command`, nothing told).
    public func windowsAttachCommand(for shell: WindowsShell?) -> String? {
        guard let host, host.platform == .windows, host.command == nil, let announced else { return nil }
        return RemoteAttachCommand.herdr(platform: .windows, session: sessionOverride ?? host.session,
                                         terminal: announced, windowsShell: shell)
    }

    /// The herdr session this target attaches (nil: herdr's default one).
    public var herdrSession: String? { sessionOverride ?? host?.session }

    /// The attach line with `fence` first (ADR 0031), for a unix host running herdr's own
    /// attach; nil for a Windows host or a `--command`, which run as they are.
    public func fencedCommand(_ fence: SSHDFence) -> String? {
        let entry = host ?? Self.adHocHost(endpoint)
        guard entry.command == nil, entry.platform == .unix else { return nil }
        return RemoteAttachCommand.herdr(platform: .unix, session: herdrSession, terminal: announced, fence: fence)
    }

    /// The arguments of `drover attach` that reach this target again, shell-quoted: `mac`,
    /// `mac --session play` or `127.0.0.1 -J box -p 2222`.
    public var attachArguments: String { attachArguments(without: []) }

    /// `attachArguments` without the one-off flags named (each with its value): `key install`'s
    /// closing hint leaves out the `--auth password` that the installed key makes needless.
    public func attachArguments(without flags: Set<String>) -> String {
        var words = [displayName], rest = oneOffArguments[...]
        while let flag = rest.popFirst() {
            if flags.contains(flag) { rest = rest.dropFirst() } else { words.append(flag) }
        }
        return (words + (sessionOverride.map { ["--session", $0] } ?? [])).map(FileSafety.shellQuoted).joined(separator: " ")
    }

    /// The arguments that reach this host again for any command that connects (`drover
    /// doctor`, `key install`): attach's connection flags, without `--session` and the
    /// forwards (`-L`, `-R`, `-A`), which only attach takes.
    public var connectArguments: String {
        var words = [displayName], rest = oneOffArguments[...]
        while let flag = rest.popFirst() {
            if ["-L", "-R"].contains(flag) { rest = rest.dropFirst() } else if !["-A", "--no-forward-agent", "--forward-public"].contains(flag) {
                words.append(flag)
            }
        }
        return words.map(FileSafety.shellQuoted).joined(separator: " ")
    }

    /// What follows `drover hosts add NAME` to register this host as it was reached: the
    /// address (user and port in it), or `--ssh-config ALIAS` for a host ~/.ssh/config gave
    /// (its ProxyJump and IdentityFile stay with it), and the one-off flags `hosts add` takes
    /// too (-J, -i, --auth).
    public var registerArguments: String {
        var words = host?.sshConfig.map { ["--ssh-config", $0] } ?? [endpoint.description], rest = oneOffArguments[...]
        while let flag = rest.popFirst() {
            let value = rest.popFirst()
            if ["-J", "-i", "--auth"].contains(flag), let value { words += [flag, value] }
        }
        return words.map(FileSafety.shellQuoted).joined(separator: " ")
    }

    /// What to do when the remote command is not found (exit 127), with a command that works
    /// for this target: a host's own `--command` is named as the missing one (it may not be herdr).
    public var herdrMissingAdvice: String {
        if let command = host?.command {
            let shown = SafeText.escaped(command)
            guard let host, isRegistered else {
                return "the command '\(shown)' was not found there (exit status 127): install what it runs on that computer."
            }
            return "the command '\(shown)' was not found there (exit status 127): install what it runs on that computer, "
                + "or change it with 'drover hosts edit \(host.name) --command CMD' ('--no-command' runs herdr's own)."
        }
        if let host, isRegistered {
            // A host cannot keep a session beside a command, so the edit drops the session too.
            let drop = host.session == nil ? "" : " --no-session"
            return "herdr was not found there: install herdr on that computer, or set the command with "
                + "'drover hosts edit \(host.name) --command CMD\(drop)'."
        }
        return "herdr was not found there: install herdr on that computer, or register it with the command to run: "
            + "'drover hosts add NAME \(registerArguments) --command CMD', then 'drover attach NAME'."
    }
}
