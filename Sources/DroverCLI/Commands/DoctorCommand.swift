import Identity
import Hosts
import Sessions
import SSH

/// `drover doctor [HOST]`: the libraries and what they negotiate; with HOST, what Drover would
/// do for it (address, key order, pins), then a real connection timed step by step. The
/// connection is `CheckedConnection`, the one `ssh-check` uses.
enum DoctorCommand {
    static let command = Command(
        "doctor", summary: "show how Drover would connect to a host, then connect and time each step",
        usage: "doctor [HOST] [--yes] [--timeout SECONDS] [--no-ssh-known-hosts] [--legacy-algorithms NAME[,NAME...]]"
            + " [-J HOST[,HOST...]] [-i FILE]... [-p PORT] [-l USER] [--auth LIST] [-L FORWARD]... [-A]",
        details: """
            Without HOST: the libssh2 and OpenSSL versions, the algorithms Drover offers every host
            (OpenSSH's modern defaults, strict key exchange on), and the weak ones a host may allow.
            With HOST (a registry name, a Host of ~/.ssh/config or user@host[:port], as attach
            takes it, with the same one-off -J, -i, -p, -l, -L and -A): also the ssh_config settings
            Drover does not use for it (in one line), the address, the keys in the order
            they are tried, Drover's pins, what ~/.ssh/known_hosts holds for it and the weak
            algorithms it allows; then a real connection (TCP and handshake, host key, login, a
            session running 'true'), each step with its time, and the algorithms it negotiated (a
            weak one is named as such). Nothing is attached. An unknown host key is asked about as
            in attach (--yes pins it without asking; a changed key always stops). Password login is
            not tried.
            """,
        options: [
            OptionSpec("yes", help: "trust and pin an unknown host key without asking (never a changed one)"),
            OptionSpec("timeout", value: "SECONDS", help: "connect and handshake timeout (default 10)"),
            OptionSpec("no-ssh-known-hosts", help: "do not take a new host key from ~/.ssh/known_hosts"),
            HostsFieldOptions.legacyAlgorithmsSpec(help: "also allow these weak algorithms for HOST this time"),
            OptionSpec("forward", short: "L", value: "[BIND:]LPORT:HOST:RPORT", repeatable: true,
                       help: "check this forward's form for HOST (doctor listens on nothing)"),
            OptionSpec("forward-agent", short: "A", help: "ask HOST for agent forwarding this time, as attach -A would"),
        ] + ConnectionFlags.specs,
        operands: .hosts,
        action: { args, ctx in try run(args, ctx) })

    private static func run(_ args: ParsedArguments, _ ctx: CommandContext) throws -> Int32 {
        if args.positionals.count > 1 { throw UsageError("unexpected argument '\(args.positionals[1])'") }
        // The host is checked first, so a mistyped name is the only thing printed.
        let legacy = try HostsFieldOptions.legacyAlgorithms(args)
        if legacy != nil && args.positionals.isEmpty {
            throw UsageError("--legacy-algorithms goes with HOST: 'drover doctor HOST --legacy-algorithms NAME[,NAME...]'")
        }
        if args.positionals.isEmpty, let given = ["jump", "identity", "port", "login", "auth", "forward", "forward-agent"].first(where: args.flag) {
            throw UsageError("--\(given) goes with HOST: 'drover doctor HOST --\(given) ...'")
        }
        var unused: [String] = []
        let flags = try ConnectionFlags.read(args, ctx: ctx)
        var target = try args.positionals.first.map {
            try CheckedConnection.resolve($0, ctx: ctx, flags: flags, notHonoured: { unused = $0 })
                .allowing(legacyAlgorithms: legacy ?? [])
        }
        if args.flag("forward-agent") {
            target?.forwardAgent = true
            target?.oneOffArguments.append("-A")
        }
        if !args.values("forward").isEmpty, let given = target {
            target?.forwards = given.forwards + (try HostsFieldOptions.forwards(args.values("forward"), allowPublic: false))
            target?.oneOffArguments += args.values("forward").flatMap { ["-L", $0] }
        }
        for line in DoctorReport.libraryLines(libssh2: VersionNumber.libssh2, openSSL: CryptoLibrary.versionText,
                                              legacyAvailable: SSHAlgorithms.legacyAvailable) { ctx.print(line) }
        guard let target else { return 0 }
        let timeout = Double(try args.int("timeout", in: 1...600) ?? target.host?.connectTimeout ?? 10)
        let connection = CheckedConnection(target: target, ctx: ctx, timeout: timeout,
                                           readsOpenSSHKnownHosts: !args.flag("no-ssh-known-hosts"),
                                           assumeYes: args.flag("yes"))
        ctx.print("")
        // Said once, here, not under every attach (ADR 0027).
        if !unused.isEmpty { ctx.print("ssh_config settings Drover does not use for \(target.displayName): \(unused.joined(separator: ", "))") }
        if !target.forwards.isEmpty { ctx.print("Forwards: " + target.forwards.map(\.summary).joined(separator: ", ")) }
        if !target.remoteForwards.isEmpty {
            ctx.print("Remote forwards: " + target.remoteForwards.map(\.summary).joined(separator: ", ") + " (asked for once attached)")
        }
        if let command = target.proxyCommand { ctx.print("Through the ProxyCommand: \(command) (run for each connection)") }
        if !target.jumps.isEmpty {
            ctx.print("Through jump hosts, in order: " + target.jumps.map(\.name).joined(separator: ", "))
        }
        // Every hop is connected, checked and logged in to like the target (each its own plan).
        for hop in connection.hopPlans {
            for line in try planLines(hop.plan, connection.options, displayName: "jump host \(hop.name)", ctx: ctx) { ctx.print(line) }
        }
        for line in try planLines(connection.plan, connection.options, displayName: target.displayName, ctx: ctx) {
            ctx.print(line)
        }
        let agentSocket = RemoteConnection.agentSocket(in: ctx.environment)
        ctx.print(DoctorReport.agentForwardingLine(name: target.displayName, attach: target.attachArguments,
                                                    keep: keepForwardingCommand(target),
                                                    on: target.forwardAgent, socket: agentSocket))
        ctx.print("")
        ctx.print("Connecting:")
        let width = DoctorReport.stepWidth(hops: connection.hopPlans.map(\.name))
        let session = try connection.open(ctx: ctx) { ctx.print(DoctorReport.stepLine($0, width: width)) }
        let started = ContinuousClock.now
        // Asked as attach asks it, so a host that refuses forwarding is found here.
        let forwardAgent = target.forwardAgent && agentSocket != nil
        let channel = try session.exec("true", forwardAgent: forwardAgent)
        if forwardAgent {
            ctx.print(channel.agentForwardingRefused
                      ? "  agent forwarding: refused by the host (AllowAgentForwarding or DisableForwarding in its sshd_config, "
                        + "or no-agent-forwarding/restrict on the key in its authorized_keys)"
                      : "  agent forwarding: accepted by the host")
        }
        try channel.sendEOF()
        let exit = try channel.readToEnd { _ in }
        ctx.print(DoctorReport.stepLine(.init(name: "session ('true')", duration: started.duration(to: .now),
                                              detail: "exit status \(exit.status)"), width: width))
        let drop = target.host.flatMap { !target.isRegistered || $0.legacyAlgorithms == nil ? nil : "drover hosts edit \($0.name) --no-legacy-algorithms" }
        for line in DoctorReport.negotiatedLines(session.negotiatedAlgorithms, drop: drop) { ctx.print(line) }
        session.disconnect()
        // Its stderr after the link came up too (a tunnel's later notices), which attach shows as they come.
        if let said = connection.plan.proxyCommandSaid(session), !said.isEmpty { ctx.print("  ProxyCommand's stderr: \(said)") }
        ctx.print("All steps worked: 'drover attach \(target.attachArguments)' connects the same way.")
        return 0
    }

    /// The command that turns agent forwarding on for good: `hosts edit` names only a registered
    /// host; a ~/.ssh/config name (not an address) can be kept as an entry that follows it.
    private static func keepForwardingCommand(_ target: AttachTarget) -> String? {
        if target.isRegistered, let host = target.host { return "drover hosts edit \(host.name) --forward-agent" }
        let name = target.displayName
        guard target.host != nil, target.oneOffArguments.isEmpty, !name.contains("@"), !name.contains(":"),
              name.contains(where: \.isLetter), (try? HostRules.checkName(name)) != nil else { return nil }
        return "drover hosts add \(name) --ssh-config \(name) --forward-agent"
    }

    private static func planLines(_ plan: ConnectionPlan, _ options: SSHOptions, displayName: String,
                                  ctx: CommandContext) throws -> [String] {
        let endpoint = plan.endpoint
        let identities = plan.identityFiles.map { file -> DoctorReport.IdentityLine in
            do {
                return .init(display: file.display, file: try PrivateKeyFile.load(path: file.path, displayPath: file.display),
                             problem: nil)
            } catch {
                return .init(display: file.display, file: nil, problem: "\(error)")
            }
        }
        let offered = try plan.connectOptions(options).hostKeyAlgorithms ?? SSHOptions.defaultHostKeyAlgorithms
        // An unreadable or unsafe ~/.ssh/known_hosts is said, with why (attach would stop on it too).
        var openSSH: DoctorReport.OpenSSHPins = .notRead
        if let file = plan.openSSHPins {
            do {
                openSSH = .entries(try file.list(host: endpoint.host, port: endpoint.port))
            } catch {
                openSSH = .unreadable("\(error)")
            }
        }
        return DoctorReport.planLines(
            name: displayName, plan: plan, deviceKey: try DeviceKey.load(root: ctx.root)?.fingerprint,
            identityFiles: identities, pins: try plan.pins.list(host: endpoint.host, port: endpoint.port),
            openSSHPins: openSSH, offered: offered)
    }
}
