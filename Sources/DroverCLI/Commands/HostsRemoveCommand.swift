import Hosts
import Identity
import TextSafety

/// `drover hosts rm NAME [--forget-key]`: removes a host and, if asked, its pinned host key.
enum HostsRemoveCommand {
    static let command = Command(
        "rm", summary: "remove a host from the registry",
        usage: "hosts rm NAME [--forget-key]",
        details: """
            When Drover has pinned a host key for the host's address and port, it asks whether to
            forget that key too; --forget-key forgets it without asking. Without a terminal to ask
            on, the key is kept. A key is never forgotten while another registered host uses the
            same address and port. An entry that breaks a rule is removed by its exact name
            (one starting with '-' after '--': 'drover hosts rm -- -old').
            """,
        options: [OptionSpec("forget-key", help: "also forget the pinned host key, without asking")],
        operands: .hosts,
        action: { args, ctx in
            let name = try args.positionals(exactly: ["NAME"])[0]
            let store = HostStore(root: ctx.root)
            let knownHosts = KnownHosts(root: ctx.root)
            if let invalid = try store.load().invalidNamed(name) {
                // Removed by its exact name; its pinned key (if any) stays, as its address may be unusable.
                _ = try store.modify { list, _ in try list.removeInvalid(named: name) }
                ctx.print("removed \(SafeText.escaped(name)) (an entry that could not be used: \(invalid.problem.problem))")
                return 0
            }
            let host = try store.host(named: name)
            let address = HostName.token(host: host.hostname, port: host.port)
            let pins = try knownHosts.pins(host: host.hostname, port: host.port)
            let sharing = try store.load().hosts.filter {
                $0.name != host.name && $0.port == host.port
                    && Hostname.canonical($0.hostname) == Hostname.canonical(host.hostname)
            }
            var forget = false
            if !pins.isEmpty && sharing.isEmpty {
                if args.flag("forget-key") {
                    forget = true
                } else if ctx.isInteractive {
                    let fingerprints = pins.map(\.fingerprint).joined(separator: ", ")
                    let answer = try ctx.ask("Also forget the pinned host key for \(address) (\(fingerprints))? [y/N] ")
                    forget = ["y", "yes"].contains(answer?.trimmingSpaces().lowercased() ?? "")
                }
            }
            try store.remove(named: host.name)   // NAME may be one of its aliases
            ctx.print("removed \(name) (\(host.account))")
            if pins.isEmpty { return 0 }
            if forget {
                try knownHosts.remove(host: host.hostname, port: host.port)
                ctx.print("forgot the pinned host key for \(address)")
            } else if let other = sharing.first {
                ctx.print("kept the pinned host key for \(address): host '\(other.name)' uses the same address")
            } else {
                ctx.print("kept the pinned host key for \(address); 'drover pins forget \(address)' removes it")
            }
            return 0
        })
}
