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
        usage: "sessions HOST [--timeout SECONDS] [--no-ssh-known-hosts] [--identities-only]"
            + " [-J HOST[,HOST...]] [-i FILE]... [-p PORT] [-l USER] [--auth LIST] [-A]",
        details: """
            HOST is a registry name, a Host of ~/.ssh/config or user@host[:port], as attach takes \
            it, with the same one-off -J, -i, -p, -l, --auth and --identities-only, which each listed \
            'drover attach' command repeats (-A is only repeated there: listing forwards no agent). Drover \
            connects as attach does and runs herdr's own 'herdr session list --json' there (through \
            the login shell, so herdr is found on the same PATH as when attaching), then prints one \
            line per session: its name, whether its server is running or stopped, and the 'drover \
            attach' command that opens it. Nothing is attached and nothing is started. An unknown \
            host key is shown with its fingerprint and pinned only when you type 'yes' or its \
            fingerprint. Password login is not tried (an --auth of password alone is refused: use \
            device-key or agent, after 'drover key install HOST' if the host takes only a password). \
            Session names longer than 40 characters are shown cut. Exit status: 0 when the list was printed \
            (also when there are no sessions yet), 1 when the host could not be reached or logged \
            in to, herdr is not on that computer, the host runs its own command instead of herdr, \
            or herdr's answer could not be read; 2 for a usage error.
            """,
        options: [
            OptionSpec("timeout", value: "SECONDS", help: "wait at most SECONDS (1-600) to connect and for the answer (default 10)"),
            OptionSpec("no-ssh-known-hosts", help: "do not take a new host key from ~/.ssh/known_hosts (ask instead), this time"),
            OptionSpec("identities-only",
                       help: "offer only the host's identity files this time (no device key, no other agent key)"),
            OptionSpec("forward-agent", short: "A", help: "repeat -A in each listed 'drover attach' command (listing forwards no agent)"),
        ] + ConnectionFlags.specs,
        operands: .hosts,
        action: { args, ctx in try run(args, ctx) })

    private static func run(_ args: ParsedArguments, _ ctx: CommandContext) throws -> Int32 {
        guard let text = args.positionals.first else { throw UsageError("missing HOST", command: "sessions") }
        guard args.positionals.count == 1 else {
            throw UsageError("sessions takes one HOST; run it once per host", command: "sessions")
        }
        let flags = try ConnectionFlags.read(args, ctx: ctx)
        if let auth = flags.auth, !auth.isEmpty, auth.allSatisfy({ $0 == .password }) {
            throw UsageError("sessions does not log in with a password; use --auth device-key or --auth agent "
                             + "(run 'drover key install \(text)' first if the host takes only a password)", command: "sessions")
        }
        var target = try CheckedConnection.resolve(text, ctx: ctx, flags: flags)
        // Each listed 'drover attach' line repeats these, so it works as written.
        if args.flag("identities-only") {
            target.identitiesOnly = true
            target.oneOffArguments.append("--identities-only")
        }
        if args.flag("forward-agent") { target.oneOffArguments.append("-A") }
        guard target.runsHerdr else {
            ctx.printError("drover: \(target.displayName) runs its own command instead of herdr, so it has no herdr "
                           + "sessions to list; 'drover hosts show \(target.displayName)' shows the command.")
            return 1
        }
        let timeout = Double(try args.int("timeout", in: 1...600) ?? 10)
        switch try ask(target, ctx: ctx, timeout: timeout, readsOpenSSHKnownHosts: !args.flag("no-ssh-known-hosts")) {
        case .listed(let list):
            ctx.write(describe(list, host: target))
            return 0
        case .herdrMissing:
            ctx.printError("drover: \(herdrMissingAdvice(target))")
        case .unreadable(let why):
            ctx.printError("drover: \(why)")
        }
        return 1
    }

    /// What herdr on a host answered.
    enum Answer {
        case listed(HerdrSessionList)
        case herdrMissing
        /// herdr failed or answered something else; the text says what to check.
        case unreadable(String)
    }

    /// Connects to `target` as attach does (questions asked through `ctx`) and asks herdr there
    /// for its sessions. `checksHostKeyOnly`: see `CheckedConnection.checksHostKeyOnly`. Throws
    /// what connecting or logging in throws.
    static func ask(_ target: AttachTarget, ctx: CommandContext, timeout: Double,
                    readsOpenSSHKnownHosts: Bool = true, checksHostKeyOnly: Bool = false) throws -> Answer {
        var connection = CheckedConnection(target: target, ctx: ctx, timeout: timeout,
                                           readsOpenSSHKnownHosts: readsOpenSSHKnownHosts, assumeYes: false)
        connection.checksHostKeyOnly = checksHostKeyOnly
        let session = try connection.open(ctx: ctx) { _ in }
        let channel = try session.exec(HerdrSessionList.command(platform: target.host?.platform ?? .unix))
        try channel.sendEOF()
        let output = try channel.readToEnd(deadline: .now + .seconds(timeout), limit: HerdrSessionList.maximumBytes)
        let exit = try channel.close()
        if exit.status == 127 || (exit.status != 0 && output.stdout.isEmpty && looksMissing(output.stderr)) {
            return .herdrMissing
        }
        guard exit.status == 0, let list = HerdrSessionList.parse(output.stdout) else {
            let said = firstLine(output.stderr).map { ": \($0)" } ?? ""
            return .unreadable("'herdr session list --json' on \(target.displayName) "
                               + (exit.status == 0 ? "answered something Drover cannot read" : "failed (exit \(exit.status))")
                               + "\(said). Check herdr there with 'herdr session list', or update it (herdr 0.9 or later).")
        }
        return .listed(list)
    }

    /// For `ctrl+] o` in a running attach: asks with no one to answer and changes nothing (a
    /// host key Drover has not pinned fails the listing, unless `readsOpenSSHKnownHosts` and
    /// ~/.ssh/known_hosts holds it, which is then not pinned; a key with a passphrase is
    /// skipped; nothing is printed), so the listing never touches the terminal the attach owns
    /// and the open asks the trust question as usual. `timeout` is attach's: it bounds the
    /// connection and, again, herdr's answer.
    static func listQuietly(_ target: AttachTarget, environment: [String: String], timeout: Int,
                            readsOpenSSHKnownHosts: Bool) throws -> HerdrSessionList {
        let silent = CommandContext(environment: environment, isInteractive: false, out: { _ in }, err: { _ in },
                                    readLine: { nil }, readSecretLine: { _ in nil })
        let answer: Answer
        do {
            answer = try ask(target, ctx: silent, timeout: Double(timeout), readsOpenSSHKnownHosts: readsOpenSSHKnownHosts,
                             checksHostKeyOnly: true)
        } catch SSHError.hostKeyNotTrusted {
            throw SessionListFailure(description: "Drover has not pinned its host key yet (opening it asks about the key)")
        }
        switch answer {
        case .listed(let list): return list
        case .herdrMissing: throw SessionListFailure(description: "herdr was not found there")
        case .unreadable(let why): throw SessionListFailure(description: why)
        }
    }

    struct SessionListFailure: Error, CustomStringConvertible {
        let description: String
    }

    /// herdr not found by a plain `herdr session list`: sessions asks herdr alone, so no
    /// command edit helps; herdr has to be on the login shell's PATH there.
    static func herdrMissingAdvice(_ target: AttachTarget) -> String {
        let again = "'drover sessions \(target.attachArguments)'"
        guard target.host?.command != nil else {
            return "herdr was not found on \(target.displayName) ('herdr session list --json' in its login shell: "
                + "command not found). Install herdr on that computer (or put it on the login shell's PATH), then run \(again) again."
        }
        return "herdr was not found on \(target.displayName)'s PATH. \(target.displayName) runs its own command "
            + "('drover hosts show \(target.displayName)' shows it), and 'drover sessions' lists herdr's sessions only, "
            + "asking 'herdr session list --json' there; put herdr on that computer's PATH to list them."
    }

    /// "mac: 2 herdr sessions" and a line per session with the command that attaches it.
    static func describe(_ list: HerdrSessionList, host: AttachTarget) -> String {
        // The one-off flags (-p, -l, -J …) that reached the host reach it again.
        let (name, again) = (host.displayName, host.attachArguments)
        guard !list.sessions.isEmpty else {
            return "\(name) has no herdr sessions yet; 'drover attach \(again)' starts herdr's default one.\n"
        }
        let rows = list.sessions.map { session -> (String, String, String) in
            let shown = HerdrSessionList.shown(session.name)
            let state = session.running == false ? "stopped" : "running"
            let attach: String
            if session.default == true {
                attach = "drover attach \(again)"
            } else if (try? HostRules.checkSession(session.name)) != nil {
                attach = "drover attach \(again) --session \(session.name)"
            } else {
                attach = "(a name Drover cannot attach)"
            }
            return (shown, state, attach)
        }
        let width = rows.map(\.0.count).max() ?? 0
        let count = rows.count == 1 ? "1 herdr session" : "\(rows.count) herdr sessions"
        return "\(name): \(count)\n" + rows.map { row in
            "  " + row.0.padded(toLength: width) + "  \(row.1)  \(row.2)\n"
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
