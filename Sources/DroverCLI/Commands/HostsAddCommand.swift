import Hosts
import SSH

/// `drover hosts add NAME [USER@]HOST[:PORT] [options]` (or `--host HOST`).
enum HostsAddCommand {
    static let command = Command(
        "add", summary: "add a host to the registry",
        usage: "hosts add NAME [USER@]HOST[:PORT] [--platform unix|windows] [--session S | --command CMD] [--auth LIST]"
            + " [--jump HOSTS] [--forward F]... [--identity FILE]... [--identities-only] [--predict auto|always|never]"
            + " [--clipboard write|off] [--paste-images on|off] [--prefix KEY] [--legacy-algorithms NAME[,NAME...]] [--forward-agent]"
            + " [--remote-forward F]... [--forward-public] [--no-ssh-known-hosts] [--host-key-file FILE] [--windows-shell cmd|powershell]\n"
            + "       drover hosts add NAME --host HOST [--port P] [--user U] [options]\n"
            + "       drover hosts add NAME --ssh-config HOST [options]",
        details: """
            NAME is the handle you use on the command line: 1-64 letters, digits, '.', '_' and '-',
            starting with a letter or digit. The address is written as for 'drover attach'
            (IPv6: user@[::1]:2222), or given with --host, --user and --port; a part given both
            ways must agree. HOST is a DNS name, an IPv4 address or an IPv6 address.
            One computer may have several entries, one per herdr session or command
            ('drover hosts add mac-work ann@mac --session work', then mac-play with --session play).
            An entry that would attach exactly what an existing one does (same user@host:port,
            session, command and jump hosts) is refused; the message names the existing entry.
            A --jump hop without user@ or :port that names no registered host, and an --identity
            file that does not exist yet, are kept as given, with a note.
            --ssh-config HOST makes the entry follow a Host of ~/.ssh/config: its address, user,
            port, identity files, jump hosts, forwards and waits are read from there at each attach
            (as 'ssh HOST' would read them), while the session, pins, prediction and paste settings
            stay the entry's own.
            \(HostsFieldOptions.legacyAlgorithmsNote)
            \(HostsFieldOptions.agentForwardingNote)
            """,
        options: [OptionSpec("host", short: "H", value: "HOST", help: "DNS name, IPv4 or IPv6 address")]
            + HostsFieldOptions.specs,
        action: { args, ctx in
            let positionals = args.positionals
            if positionals.count == 1, positionals[0].contains("@") {
                throw UsageError("missing NAME: give a name before the address, e.g. 'drover hosts add web \(positionals[0])'")
            }
            guard !positionals.isEmpty else { throw UsageError("missing NAME") }
            if positionals.count > 2 { throw UsageError("unexpected argument '\(positionals[2])'") }
            var host = HostEntry(name: positionals[0], hostname: "", user: LocalUser.name)
            if let follow = args.value("ssh-config"), positionals.count == 2 || args.value("host") != nil {
                // The entry would take this name's settings at each attach: a name the config
                // does not know would replace the address given here with one that goes nowhere.
                _ = try refuseUnknown(follow, lookup: SSHConfigLookup(environment: ctx.environment),
                                      otherwise: "leave --ssh-config out to keep the address given here")
            }
            if positionals.count == 2 {
                try apply(AddressArgument.parse(positionals[1]), given: positionals[1], args: args, to: &host)
            } else if let follow = args.value("ssh-config"), args.value("host") == nil {
                // The address is read from ~/.ssh/config now, and again at each attach.
                let entry = try refuseUnknown(follow, lookup: SSHConfigLookup(environment: ctx.environment))
                entry.apply(to: &host, localUser: LocalUser.name)
            } else if args.value("host") == nil {
                throw UsageError("missing the address: give [USER@]HOST[:PORT] after the name, --host HOST, "
                                 + "or --ssh-config NAME to follow a Host of ~/.ssh/config")
            }
            try HostsFieldOptions.apply(args, to: &host)
            let store = HostStore(root: ctx.root)
            try store.add(host)
            ctx.print("added \(host.name): \(host.account)")
            for note in HostNotes.lines(for: host, in: try store.load(), args: args, home: ctx.environment["HOME"]) {
                ctx.printError(note)
            }
            return 0
        })

    /// A name the config maps nowhere (its address is the name itself, with no route) and that
    /// does not resolve is a typo or a missing Host block, not a host: refused before it is saved.
    /// `otherwise` is the other way to say what the person meant, for the command at hand.
    /// Returns the name's settings when it has an address.
    static func refuseUnknown(_ follow: String, lookup: SSHConfigLookup,
                              otherwise: String = "give the address instead: 'drover hosts add NAME [USER@]HOST[:PORT]'") throws -> SSHConfigEntry {
        let entry = try lookup.entry(for: follow)
        guard entry.hostname.lowercased() == follow.lowercased(), entry.proxyCommand == nil, entry.jump == nil,
              let reason = HostNameLookup.failure(of: entry.hostname) else { return entry }
        // The command reads the same config file as Drover; it is offered only where ssh is installed.
        let show = lookup.ssh == nil ? "" : lookup.sources.showCommand(for: follow).map { " ('\($0)' shows what ssh makes of it)" } ?? ""
        throw UsageError("--ssh-config \(follow): no Host block of ~/.ssh/config gives '\(follow)' an address, and "
                         + "'\(follow)' is not a host name that resolves (\(reason)). Add a 'Host \(follow)' block with "
                         + "its HostName to ~/.ssh/config\(show), or \(otherwise)")
    }

    /// Sets the parts the address names; an option that names the same part differently is an error.
    static func apply(_ address: AddressArgument, given raw: String, args: ParsedArguments, to host: inout HostEntry) throws {
        let hostname = Hostname.stripBrackets(address.host)
        if let option = args.value("host"), Hostname.canonical(Hostname.stripBrackets(option)) != Hostname.canonical(hostname) {
            throw UsageError("'\(raw)' names host \(hostname) but --host says \(option); give the host once")
        }
        host.hostname = hostname
        if let user = address.user {
            if let option = args.value("user"), option != user {
                throw UsageError("'\(raw)' names user \(user) but --user says \(option); give the user once")
            }
            host.user = user
        }
        if let port = address.port {
            if let option = try args.int("port", in: 1...65535), option != port {
                throw UsageError("'\(raw)' names port \(port) but --port says \(option); give the port once")
            }
            host.port = port
        }
    }
}
