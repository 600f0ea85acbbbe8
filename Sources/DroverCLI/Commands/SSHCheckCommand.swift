import Identity
import SSH

/// `drover ssh-check USER@HOST[:PORT] [--yes] -- CMD...` (hidden): one SSH connection the way
/// Drover makes them (pins, device key, ssh-agent), one command, its output and exit status.
/// For tests and for evidence when a connection misbehaves.
enum SSHCheckCommand {
    static let command = Command(
        "ssh-check", summary: "run one command over SSH the way Drover connects (debugging)",
        usage: "ssh-check USER@HOST[:PORT] [--yes] [--timeout SECONDS] -- CMD...",
        details: """
            Connects to HOST (a name, an IPv4 address or an IPv6 address as [addr]:port), checks \
            its host key against the pins in known_hosts, logs in with this device's key (then \
            ssh-agent keys if SSH_AUTH_SOCK is set), runs CMD, prints its output and exits with \
            its exit status. An unknown host key is shown with its fingerprint and pinned only \
            when you type 'yes' or its fingerprint; --yes answers that question for you. A changed host key always \
            stops the connection. Password login is not offered here.
            """,
        options: [
            OptionSpec("yes", help: "trust and pin an unknown host key without asking (never a changed one)"),
            OptionSpec("timeout", value: "SECONDS", help: "connect and handshake timeout (default 10)"),
        ],
        hidden: true,
        action: { args, ctx in try run(args, ctx) })

    private static func run(_ args: ParsedArguments, _ ctx: CommandContext) throws -> Int32 {
        guard let target = args.positionals.first else { throw UsageError("missing USER@HOST[:PORT]", command: "ssh-check") }
        let words = args.positionals.dropFirst()
        guard !words.isEmpty else { throw UsageError("missing the command to run after '--'", command: "ssh-check") }
        guard let endpoint = SSHEndpoint.parse(target, defaultUser: ctx.environment["USER"]) else {
            throw UsageError("'\(target)' is not USER@HOST[:PORT]", command: "ssh-check")
        }
        let timeout = Double(try args.int("timeout", in: 1...600) ?? 10)
        let assumeYes = args.flag("yes")

        let knownHosts = KnownHosts(root: ctx.root)
        let trust = HostKeyTrust(knownHosts: knownHosts) { unknown in
            if assumeYes {
                ctx.printError("Pinning \(unknown.key.keyType) \(unknown.key.fingerprint) for \(endpoint.hostAndPort) (--yes).")
                return true
            }
            return HostKeyTrust.confirm(unknown, ask: ctx.ask)
        }
        let deviceKey = try DeviceKey.loadOrCreate(root: ctx.root)
        let credentials = SSHCredentials.standard(deviceKey: SSHPrivateKey(deviceKey: deviceKey), environment: ctx.environment)
        let options = try SSHOptions(connectTimeout: timeout, handshakeTimeout: timeout)
            .preferringPins(in: knownHosts, host: endpoint.host, port: endpoint.port)
        let session = try SSHSession.open(to: endpoint, options: options, verifyHostKey: trust.verify, credentials: credentials)

        let channel = try session.exec(words.joined(separator: " "))
        try channel.sendEOF()
        var stderr: [UInt8] = []
        let exit = try channel.readToEnd { output in
            if !output.stdout.isEmpty { ctx.write(String(decoding: output.stdout, as: UTF8.self)) }
            stderr += output.stderr
        }
        if !stderr.isEmpty {
            var text = String(decoding: stderr, as: UTF8.self)
            if text.hasSuffix("\n") { text.removeLast() }
            ctx.printError(text)
        }
        if let signal = exit.signal {
            ctx.printError("drover: the remote command was killed by SIG\(signal)")
            return 255
        }
        return exit.status
    }
}
