import Foundation
import Hosts
import Sessions
import SSH

/// `drover attach HOST...`: the hosts' herdr sessions in this terminal, one in front at a time.
enum AttachCommand {
    static let command = Command(
        "attach", summary: "attach this terminal to the herdr sessions of one or more hosts",
        usage: "attach HOST... [--session S] [--forward [BIND:]LPORT:HOST:RPORT]... [--timeout SECONDS] [--keepalive SECONDS]",
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
            herdr's own detach (ctrl+b q) ends that host's session (its last screen stays listed);
            Drover ends when the last one ends.
            If a link drops, Drover keeps the screen and says so; the host in front reconnects by
            itself (waiting up to 30 s between tries, for as long as you stay attached; any key
            tries at once), a hidden host reconnects when you switch to it. Keys typed meanwhile
            (up to 4 KiB) are sent once the session is back; a password given in this run is
            reused. A changed host key, a refused login or a missing herdr stop with the reason.
            A host with jump hosts ('drover hosts edit NAME --jump bastion') is reached through
            each in turn; every hop's key is pinned and checked like any host's.
            --forward LPORT:HOST:RPORT listens on 127.0.0.1:LPORT while Drover runs and carries
            each connection there to HOST:RPORT as the host sees it, through reconnects (a host's
            own forwards: 'drover hosts edit NAME --forward ...'). Agent forwarding is not
            offered: Drover's SSH library (libssh2 1.10) cannot accept the channels it needs.
            """,
        options: [
            OptionSpec("session", short: "s", value: "SESSION",
                       help: "attach this herdr session of the one HOST, this time only"),
            OptionSpec("timeout", value: "SECONDS",
                       help: "wait at most SECONDS (1-600) for a host to connect and greet (default 10)"),
            OptionSpec("forward", short: "L", value: "[BIND:]LPORT:HOST:RPORT", repeatable: true,
                       help: "for the one HOST, carry connections to local port LPORT to HOST:RPORT on its side"),
            OptionSpec("forward-public", help: "allow --forward to listen on an address other computers can reach"),
            OptionSpec("keepalive", value: "SECONDS",
                       help: "probe each link every SECONDS (1-600); 3 unanswered probes mean it is dead (default 15)"),
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
            let forwards = try HostsFieldOptions.forwards(args.values("forward"), allowPublic: args.flag("forward-public"))
            if !forwards.isEmpty {
                guard targets.count == 1 else {
                    throw UsageError("--forward applies to one HOST at a time; give a host its own forwards with "
                                     + "'drover hosts edit NAME --forward LPORT:HOST:RPORT'")
                }
                targets[0].forwards = try ForwardSpec.parseAll((targets[0].forwards + forwards).map(\.description),
                                                               allowPublic: true)
            }
            return attach(targets, timeout: timeout, keepalive: keepalive, ctx: ctx)
        })

    /// Attaches to `targets` until detach or end; prints the outcome after the terminal is back.
    static func attach(_ targets: [AttachTarget], timeout: Int, keepalive: Int = 15, ctx: CommandContext) -> Int32 {
        // handshakeTimeout bounds TCP and the SSH greeting together: SECONDS is the whole wait.
        let options = SSHOptions(connectTimeout: Double(timeout), handshakeTimeout: Double(timeout))
        let controller = AttachController(targets: targets, root: ctx.root, environment: ctx.environment,
                                          options: options)
        controller.keepaliveInterval = keepalive
        let outcome = controller.run()
        if !outcome.message.isEmpty { ctx.printError(outcome.message) }
        return outcome.exitCode
    }
}
