import Hosts

/// `drover hosts edit NAME [options]`: changes fields of a registered host.
enum HostsEditCommand {
    static let command = Command(
        "edit", summary: "change a registered host",
        usage: "hosts edit NAME [--host H] [--port P] [--user U] [--platform P] [--session S | --no-session] "
            + "[--command CMD | --no-command] [--auth LIST] [--jump HOSTS | --no-jump] [--forward F... | --no-forward]"
            + " [--remote-forward F...] [--forward-public]"
            + " [--identity FILE... | --no-identity] [--identities-only | --no-identities-only] [--no-ssh-known-hosts | --ssh-known-hosts]"
            + " [--clipboard write|off] [--predict auto|always|never] [--paste-images on|off] [--prefix KEY | --no-prefix]"
            + " [--legacy-algorithms NAMES | --no-legacy-algorithms] [--forward-agent | --no-forward-agent] [--ssh-config NAME | --no-ssh-config]"
            + " [--host-key-file FILE | --no-host-key-file] [--windows-shell cmd|powershell|auto] [--rename NEW]",
        details: "Only the fields you give change. --no-session attaches herdr's default session again; "
            + "--no-command goes back to the herdr attach command. A host cannot have both a session and a "
            + "command (the command runs instead of herdr attach). An entry hosts.json holds that breaks a "
            + "rule (see 'drover hosts list') is fixed here too; the result must follow every rule. "
            + "A name starting with '-' goes after '--': 'drover hosts edit --rename NEW -- -old'.\n"
            + HostsFieldOptions.legacyAlgorithmsNote + "\n" + HostsFieldOptions.agentForwardingNote,
        options: [OptionSpec("host", short: "H", value: "HOST", help: "DNS name, IPv4 or IPv6 address")]
            + HostsFieldOptions.specs + [
                OptionSpec("no-session", help: "attach herdr's default session"),
                OptionSpec("no-command", help: "drop the command override"),
                OptionSpec("no-jump", help: "connect directly again, without jump hosts"),
                OptionSpec("no-forward", help: "drop the host's port forwards"),
                OptionSpec("no-forward-agent", help: "stop forwarding your ssh-agent to this host"),
                OptionSpec("rename", value: "NEW", help: "give the host a new name"),
                OptionSpec("no-identity", help: "forget the --identity files (try ~/.ssh/id_ed25519, id_ecdsa, id_rsa again)"),
                OptionSpec("no-identities-only", help: "offer the device key and the ssh-agent's keys again, not only the identity files"),
                OptionSpec("ssh-known-hosts", help: "let ~/.ssh/known_hosts vouch for this host's key again"),
                OptionSpec("no-legacy-algorithms", help: "offer this host the modern algorithms only again"),
                OptionSpec("no-prefix", help: "forget the host's prefix key (DROVER_PREFIX's or ctrl+] again)"),
                OptionSpec("no-ssh-config", help: "stop following an ~/.ssh/config Host; keep the fields last read from it"),
                OptionSpec("no-host-key-file", help: "forget the host key file; the trust question says where to look again"),
            ],
        operands: .hosts,
        action: { args, ctx in
            let name = try args.positionals(exactly: ["NAME"])[0]
            if args.flag("session") && args.flag("no-session") { throw UsageError("give --session or --no-session, not both") }
            if args.flag("command") && args.flag("no-command") { throw UsageError("give --command or --no-command, not both") }
            if args.flag("identity") && args.flag("no-identity") { throw UsageError("give --identity or --no-identity, not both") }
            if args.flag("identities-only") && args.flag("no-identities-only") {
                throw UsageError("give --identities-only or --no-identities-only, not both")
            }
            if args.flag("ssh-known-hosts") && args.flag("no-ssh-known-hosts") {
                throw UsageError("give --ssh-known-hosts or --no-ssh-known-hosts, not both")
            }
            if args.flag("jump") && args.flag("no-jump") { throw UsageError("give --jump or --no-jump, not both") }
            if args.flag("forward") && args.flag("no-forward") { throw UsageError("give --forward or --no-forward, not both") }
            if args.flag("legacy-algorithms") && args.flag("no-legacy-algorithms") {
                throw UsageError("give --legacy-algorithms or --no-legacy-algorithms, not both")
            }
            if args.flag("forward-agent") && args.flag("no-forward-agent") {
                throw UsageError("give --forward-agent or --no-forward-agent, not both")
            }
            if args.flag("prefix") && args.flag("no-prefix") { throw UsageError("give --prefix or --no-prefix, not both") }
            if args.flag("ssh-config") && args.flag("no-ssh-config") {
                throw UsageError("give --ssh-config or --no-ssh-config, not both")
            }
            if args.flag("host-key-file") && args.flag("no-host-key-file") {
                throw UsageError("give --host-key-file or --no-host-key-file, not both")
            }
            if let follow = args.value("ssh-config") {
                // Followed at each attach: a name the config does not know would send the entry nowhere.
                _ = try HostsAddCommand.refuseUnknown(follow, lookup: SSHConfigLookup(environment: ctx.environment),
                                                      otherwise: "leave --ssh-config out to keep the entry's own address")
            }
            let store = HostStore(root: ctx.root)
            let updated = try store.modify { list, now -> HostEntry in
                // An invalid entry is edited from the fields as read; the result must pass every rule.
                guard var host = list.named(name) ?? list.invalidNamed(name)?.entry else {
                    throw HostStoreError.notFound(name: name)
                }
                let entryName = host.name   // NAME may be one of its aliases
                var changed = try HostsFieldOptions.apply(args, to: &host)
                if args.flag("no-session") { host.session = nil; changed = true }
                if args.flag("no-command") { host.command = nil; changed = true }
                if args.flag("no-jump") { host.jump = nil; changed = true }
                if args.flag("no-forward") { host.forward = nil; host.forwardPublic = nil; changed = true }
                if args.flag("no-forward-agent") { host.forwardAgent = nil; changed = true }
                if let newName = args.value("rename") { host.name = newName; changed = true }
                if args.flag("no-identity") { host.identity = nil; changed = true }
                if args.flag("ssh-known-hosts") { host.sshKnownHosts = nil; changed = true }
                if args.flag("no-legacy-algorithms") { host.legacyAlgorithms = nil; changed = true }
                if args.flag("no-identities-only") { host.identitiesOnly = nil; changed = true }
                if args.flag("no-prefix") { host.prefix = nil; changed = true }
                if args.flag("no-ssh-config") { host.sshConfig = nil; changed = true }
                if args.flag("no-host-key-file") { host.hostKeyFile = nil; changed = true }
                guard changed else { throw UsageError("nothing to change; give at least one option") }
                return try list.replace(named: entryName, with: host, now: now)
            }
            // NAME may have been one of the entry's aliases: the entry's own name is reported then.
            let byAlias = updated.aliases?.contains(name) == true && !args.flag("rename")
            let renamed = updated.name == name || byAlias ? "" : " (now \(updated.name))"
            ctx.print("updated \(byAlias ? updated.name : name)\(renamed): \(updated.account)")
            for note in HostNotes.lines(for: updated, in: try store.load(), args: args, home: ctx.environment["HOME"]) {
                ctx.printError(note)
            }
            return 0
        })
}
