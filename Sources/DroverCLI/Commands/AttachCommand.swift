import Foundation
import Hosts
import Sessions
import SSH

/// `drover attach HOST...`: the hosts' herdr sessions in this terminal, one in front at a time.
enum AttachCommand {
    static let command = Command(
        "attach", summary: "attach this terminal to the herdr sessions of one or more hosts",
        usage: "attach HOST... [--session S] [--timeout SECONDS] [--keepalive SECONDS] [--copy-command CMD]",
        details: """
            HOST is a registry name (see 'drover hosts') or user@host[:port] (IPv6: user@[::1]:22).
            Drover runs the host's attach command in a PTY and draws the session here.
            --session S attaches herdr session S of a single HOST this once; the registry entry
            is not changed (give it a session for good with 'drover hosts edit NAME --session S').
            The first contact with a host shows its key fingerprint; only the typed word yes (or that
            fingerprint) trusts it, no stops, and anything else asks again.
            With several hosts, all connect at start and the first is in front; the others keep
            their screens up to date, so switching is instant. A new host key is asked about when
            that host comes to the front.

            Keys inside a session (prefix ctrl+]):
            \(AttachController.keyHelpLines.map { "  " + $0 }.joined(separator: "\n"))
            In history mode (ctrl+] [ or ctrl+] PageUp) the screen stands still while the host keeps
            running; move through its scrollback and, for full-screen programs such as herdr, a
            rewind of its past screens (up to 4 a second, 48 MiB for all hosts; DROVER_HISTORY_BUDGET
            sets the bytes). Keys there:
            \(AttachController.historyHelpLines.map { "  " + $0 }.joined(separator: "\n"))
            y copies with OSC 52 to this terminal (tmux needs 'set -g set-clipboard on'), or with
            --copy-command CMD through CMD (wl-copy, xclip -selection clipboard, pbcopy).
            herdr's own detach (ctrl+b q) ends that host's session (its last screen stays listed);
            Drover ends when the last one ends.
            If a link drops, Drover keeps the screen and says so; the host in front reconnects by
            itself (waiting up to 30 s between tries, for as long as you stay attached; any key
            tries at once), a hidden host reconnects when you switch to it. Keys typed meanwhile
            (up to 4 KiB) are sent once the session is back; a password given in this run is
            reused. A changed host key, a refused login or a missing herdr stop with the reason.
            """,
        options: [
            OptionSpec("session", short: "s", value: "SESSION",
                       help: "attach this herdr session of the one HOST, this time only"),
            OptionSpec("timeout", value: "SECONDS",
                       help: "wait at most SECONDS (1-600) for a host to connect and greet (default 10)"),
            OptionSpec("keepalive", value: "SECONDS",
                       help: "probe each link every SECONDS (1-600); 3 unanswered probes mean it is dead (default 15)"),
            OptionSpec("copy-command", value: "CMD",
                       help: "copy from history mode by running CMD with the text on stdin instead of OSC 52"),
        ],
        action: { args, ctx in
            let names = args.positionals
            guard !names.isEmpty else { throw UsageError("missing HOST") }
            if let repeated = names.first(where: { name in names.filter { $0 == name }.count > 1 }) {
                throw UsageError("host '\(repeated)' is named twice; name each host once")
            }
            let timeout = try args.int("timeout", in: 1...600) ?? 10
            let keepalive = try args.int("keepalive", in: 1...600) ?? 15
            let store = HostStore(root: ctx.root)
            let list = try store.load()
            if let invalid = names.lazy.compactMap({ list.invalidNamed($0) }).first {
                throw HostStoreError.invalidEntry(invalid)
            }
            let hosts = list.hosts
            var targets = try names.map { try AttachTarget.resolve($0, in: hosts, localUser: LocalUser.name) }
            if let session = args.value("session") {
                guard targets.count == 1 else {
                    throw UsageError("--session applies to one HOST at a time; to attach several sessions together, "
                                     + "register each as a host ('drover hosts add NAME USER@HOST --session S')")
                }
                targets = [try targets[0].attaching(session: session)]
            }
            let history = HistorySettings(budget: HistorySettings.budget(from: ctx.environment),
                                          copyCommand: try copyCommand(args))
            return attach(targets, timeout: timeout, keepalive: keepalive, history: history, ctx: ctx)
        })

    /// Attaches to `targets` until detach or end; prints the outcome after the terminal is back.
    /// `--copy-command CMD`: not empty, one line.
    static func copyCommand(_ args: ParsedArguments) throws -> String? {
        guard let command = args.value("copy-command") else { return nil }
        guard !command.trimmingCharacters(in: .whitespaces).isEmpty, !command.contains(where: \.isNewline) else {
            throw UsageError("--copy-command needs a command line, e.g. --copy-command 'wl-copy'")
        }
        return command
    }

    static func attach(_ targets: [AttachTarget], timeout: Int, keepalive: Int = 15,
                       history: HistorySettings = HistorySettings(), ctx: CommandContext) -> Int32 {
        // handshakeTimeout bounds TCP and the SSH greeting together: SECONDS is the whole wait.
        let options = SSHOptions(connectTimeout: Double(timeout), handshakeTimeout: Double(timeout))
        let controller = AttachController(targets: targets, root: ctx.root, environment: ctx.environment,
                                          options: options)
        controller.keepaliveInterval = keepalive
        controller.history = history
        let outcome = controller.run()
        if !outcome.message.isEmpty { ctx.printError(outcome.message) }
        return outcome.exitCode
    }
}
