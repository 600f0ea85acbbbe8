import Foundation
import Hosts
import Sessions
import SSH

/// `drover attach HOST`: the host's herdr session in this terminal.
enum AttachCommand {
    static let command = Command(
        "attach", summary: "attach this terminal to a host's herdr session",
        usage: "attach HOST [--timeout SECONDS] [--keepalive SECONDS]",
        details: """
            HOST is a registry name (see 'drover hosts') or user@host[:port] (IPv6: user@[::1]:22).
            Drover runs the host's attach command in a PTY and draws the session here.
            The first contact with a host shows its key fingerprint; only the typed word yes trusts it.

            Keys inside a session (prefix ctrl+]):
              ctrl+] d   detach (herdr keeps running on the host)
              ctrl+] ?   show Drover's keys
              ctrl+] r   redraw the screen
              ctrl+] ctrl+]  send ctrl+] itself
            herdr's own detach (ctrl+b q) also ends Drover, leaving the session running.
            If the link drops, Drover keeps the screen, says so, and reconnects by itself.
            """,
        options: [
            OptionSpec("timeout", value: "SECONDS", help: "give up connecting after SECONDS (default 10)"),
            OptionSpec("keepalive", value: "SECONDS",
                       help: "probe the link every SECONDS; 3 unanswered probes mean it is dead (default 15)"),
        ],
        action: { args, ctx in
            let names = try args.positionals(exactly: ["HOST"])
            let timeout = try args.int("timeout", in: 1...600) ?? 10
            let keepalive = try args.int("keepalive", in: 1...600) ?? 15
            let store = HostStore(root: ctx.root)
            let hosts = try store.load().hosts
            let target = try AttachTarget.resolve(names[0], in: hosts, localUser: LocalUser.name)
            return attach(target, timeout: timeout, keepalive: keepalive, ctx: ctx)
        })

    /// Attaches to `target` until detach or end; prints the outcome after the terminal is back.
    static func attach(_ target: AttachTarget, timeout: Int, keepalive: Int = 15, ctx: CommandContext) -> Int32 {
        let options = SSHOptions(connectTimeout: Double(timeout), handshakeTimeout: Double(timeout) + 5)
        let controller = AttachController(target: target, root: ctx.root, environment: ctx.environment,
                                          options: options)
        controller.keepaliveInterval = keepalive
        let outcome = controller.run()
        if !outcome.message.isEmpty { ctx.printError(outcome.message) }
        return outcome.exitCode
    }
}
