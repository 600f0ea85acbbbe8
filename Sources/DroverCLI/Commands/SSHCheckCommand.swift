import Identity
import SSH

/// `drover ssh-check HOST [--yes] -- CMD...` (hidden): `drover doctor`'s connection without its
/// report, then one command, its output and exit status. For tests and scripts.
enum SSHCheckCommand {
    static let command = Command(
        "ssh-check", summary: "run one command over SSH the way Drover connects (scripting form of doctor)",
        usage: "ssh-check HOST [--yes] [--timeout SECONDS] [--no-ssh-known-hosts] [--legacy-algorithms NAME[,NAME...]] -- CMD...",
        details: """
            HOST is a registry name or user@host[:port], as for attach. Connects exactly as \
            'drover doctor HOST' does (pins, ~/.ssh/known_hosts, device key, ssh-agent, identity \
            files), runs CMD, prints its output and exits with its exit status. An unknown host \
            key is shown with its fingerprint and pinned only when you type 'yes' or its \
            fingerprint; --yes answers that question for you. A changed host key always stops \
            the connection. Password login is not offered here.
            """,
        options: [
            OptionSpec("yes", help: "trust and pin an unknown host key without asking (never a changed one)"),
            OptionSpec("timeout", value: "SECONDS", help: "connect and handshake timeout (default 10)"),
            OptionSpec("no-ssh-known-hosts", help: "do not take a new host key from ~/.ssh/known_hosts"),
            HostsFieldOptions.legacyAlgorithmsSpec(help: "also allow these weak algorithms for HOST this time"),
        ],
        hidden: true,
        operands: .hosts,
        action: { args, ctx in try run(args, ctx) })

    private static func run(_ args: ParsedArguments, _ ctx: CommandContext) throws -> Int32 {
        guard let text = args.positionals.first else { throw UsageError("missing HOST", command: "ssh-check") }
        let words = args.positionals.dropFirst()
        guard !words.isEmpty else { throw UsageError("missing the command to run after '--'", command: "ssh-check") }
        let legacy = try HostsFieldOptions.legacyAlgorithms(args) ?? []
        let target = try CheckedConnection.resolve(text, ctx: ctx).allowing(legacyAlgorithms: legacy)
        let timeout = Double(try args.int("timeout", in: 1...600) ?? 10)
        let connection = CheckedConnection(target: target, ctx: ctx, timeout: timeout,
                                           readsOpenSSHKnownHosts: !args.flag("no-ssh-known-hosts"),
                                           assumeYes: args.flag("yes"))
        let session = try connection.open(ctx: ctx) { _ in }

        let channel = try session.exec(words.joined(separator: " "))
        try channel.sendEOF()
        // The remote's error output is printed once it ends; at most `stderrLimit` bytes of it are
        // kept, so a host that writes without end cannot grow Drover's memory (ADR 0028).
        var stderr: [UInt8] = []
        var dropped = 0
        let exit = try channel.readToEnd { output in
            if !output.stdout.isEmpty { ctx.write(String(decoding: output.stdout, as: UTF8.self)) }
            let room = max(0, Self.stderrLimit - stderr.count)
            stderr += output.stderr.prefix(room)
            dropped += max(0, output.stderr.count - room)
        }
        if !stderr.isEmpty {
            var text = String(decoding: stderr, as: UTF8.self)
            if text.hasSuffix("\n") { text.removeLast() }
            ctx.printError(text)
        }
        if dropped > 0 {
            ctx.printError("drover: \(dropped) more bytes of the command's error output were not kept (at most \(Self.stderrLimit / 1024) KiB are)")
        }
        if let signal = exit.signal {
            ctx.printError("drover: the remote command was killed by SIG\(signal)")
            return 255
        }
        return exit.status
    }

    static let stderrLimit = 64 * 1024
}
