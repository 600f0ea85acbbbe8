import Hosts
import Sessions
import SSH
import TextSafety

/// `drover sessions HOST`: the host's herdr sessions, asked of herdr itself over the
/// connection `drover attach` would make (`CheckedConnection`), each with the attach command
/// that opens it.
enum SessionsCommand {
    static let command = Command(
        "sessions", summary: "list the herdr sessions of a host",
        usage: "sessions HOST [--timeout SECONDS] [--no-ssh-known-hosts]",
        details: """
            HOST is a registry name or user@host[:port], as for attach. Drover connects as attach \
            does and runs herdr's own 'herdr session list --json' there, then lists each session \
            with the command that attaches it. An unknown host key is shown with its fingerprint \
            and pinned only when you type 'yes' or its fingerprint.
            """,
        options: [
            OptionSpec("timeout", value: "SECONDS", help: "wait at most SECONDS (1-600) to connect and for the answer (default 10)"),
            OptionSpec("no-ssh-known-hosts", help: "do not take a new host key from ~/.ssh/known_hosts (ask instead), this time"),
        ],
        operands: .hosts,
        action: { args, ctx in try run(args, ctx) })

    private static func run(_ args: ParsedArguments, _ ctx: CommandContext) throws -> Int32 {
        guard let text = args.positionals.first else { throw UsageError("missing HOST", command: "sessions") }
        guard args.positionals.count == 1 else {
            throw UsageError("sessions takes one HOST; run it once per host", command: "sessions")
        }
        let target = try CheckedConnection.resolve(text, ctx: ctx)
        guard target.runsHerdr else {
            ctx.printError("drover: \(target.displayName) runs its own command instead of herdr, so it has no herdr "
                           + "sessions to list; 'drover hosts show \(target.displayName)' shows the command.")
            return 1
        }
        let timeout = Double(try args.int("timeout", in: 1...600) ?? 10)
        let connection = CheckedConnection(target: target, ctx: ctx, timeout: timeout,
                                           readsOpenSSHKnownHosts: !args.flag("no-ssh-known-hosts"), assumeYes: false)
        let session = try connection.open(ctx: ctx) { _ in }
        let channel = try session.exec(HerdrSessionList.command(platform: target.host?.platform ?? .unix))
        try channel.sendEOF()
        let output = try channel.readToEnd(deadline: .now + .seconds(timeout), limit: HerdrSessionList.maximumBytes)
        let exit = try channel.close()
        if exit.status == 127 || (exit.status != 0 && output.stdout.isEmpty && looksMissing(output.stderr)) {
            ctx.printError("drover: \(herdrMissingAdvice(target))")
            return 1
        }
        guard exit.status == 0, let list = HerdrSessionList.parse(output.stdout) else {
            let said = firstLine(output.stderr).map { ": \($0)" } ?? ""
            ctx.printError("drover: 'herdr session list --json' on \(target.displayName) "
                           + (exit.status == 0 ? "answered something Drover cannot read" : "failed (exit \(exit.status))")
                           + "\(said). Check herdr there with 'herdr session list', or update it (herdr 0.9 or later).")
            return 1
        }
        ctx.write(describe(list, host: target))
        return 0
    }

    /// herdr not found by a plain `herdr session list`: a host that runs its own command may
    /// reach herdr only through it, and sessions asks herdr alone, so no command edit helps.
    static func herdrMissingAdvice(_ target: AttachTarget) -> String {
        guard target.host?.command != nil else { return target.herdrMissingAdvice }
        return "herdr was not found on \(target.displayName)'s PATH. \(target.displayName) runs its own command "
            + "('drover hosts show \(target.displayName)' shows it), and 'drover sessions' lists herdr's sessions only, "
            + "asking 'herdr session list --json' there; put herdr on that computer's PATH to list them."
    }

    /// "mac: 2 herdr sessions" and a line per session with the command that attaches it.
    static func describe(_ list: HerdrSessionList, host: AttachTarget) -> String {
        let name = host.displayName
        guard !list.sessions.isEmpty else {
            return "\(name) has no herdr sessions yet; 'drover attach \(name)' starts herdr's default one.\n"
        }
        let rows = list.sessions.map { session -> (String, String, String) in
            let shown = SafeText.escaped(session.name)
            let state = session.running == false ? "stopped" : "running"
            let attach: String
            if session.default == true {
                attach = "drover attach \(name)"
            } else if (try? HostRules.checkSession(session.name)) != nil {
                attach = "drover attach \(name) --session \(session.name)"
            } else {
                attach = "(a name Drover cannot attach)"
            }
            return (shown, state, attach)
        }
        let width = rows.map(\.0.count).max() ?? 0
        let count = rows.count == 1 ? "1 herdr session" : "\(rows.count) herdr sessions"
        return "\(name): \(count)\n" + rows.map { row in
            "  " + row.0.padding(toLength: width, withPad: " ", startingAt: 0) + "  \(row.1)  \(row.2)\n"
        }.joined()
    }

    private static func looksMissing(_ stderr: [UInt8]) -> Bool {
        let text = String(decoding: stderr, as: UTF8.self)
        return text.contains("not found") || text.contains("not recognized")
    }

    private static func firstLine(_ bytes: [UInt8]) -> String? {
        let line = String(decoding: bytes, as: UTF8.self).split(separator: "\n").first.map(String.init)
        return line.map { SafeText.escaped(String($0.prefix(200))) }
    }
}
