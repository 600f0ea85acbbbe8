import Hosts

/// `drover hosts add NAME --host HOST [options]`.
enum HostsAddCommand {
    static let command = Command(
        "add", summary: "add a host to the registry",
        usage: "hosts add NAME --host HOST [--port P] [--user U] [--platform unix|windows] [--session S] [--command CMD]",
        details: """
            NAME is the handle you use on the command line: 1-64 letters, digits, '.', '_' and '-',
            starting with a letter or digit. HOST is a DNS name, an IPv4 address or an IPv6 address.
            A host that logs in as the same user at the same address and port as an existing one
            is refused; the message names the existing entry.
            """,
        options: [OptionSpec("host", short: "H", value: "HOST", help: "DNS name, IPv4 or IPv6 address")]
            + HostsFieldOptions.specs,
        action: { args, ctx in
            let name = try args.positionals(exactly: ["NAME"])[0]
            guard args.value("host") != nil else { throw UsageError("missing --host HOST") }
            var host = RegistryHost(name: name, hostname: "", user: LocalUser.name)
            try HostsFieldOptions.apply(args, to: &host)
            let store = HostStore(root: ctx.root)
            try store.add(host)
            ctx.print("added \(name): \(host.account)")
            return 0
        })
}
