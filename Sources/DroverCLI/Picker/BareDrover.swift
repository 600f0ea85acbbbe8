import Hosts

/// `drover` with no command: in a terminal, a menu of the hosts that attaches the one picked
/// (`HostMenu`); with `--list`, or when standard input or output is not a terminal (scripts,
/// pipes), the hosts table as before; with no hosts yet, the help.
enum BareDrover {
    static let listOption = OptionSpec("list", short: "l", help: "print the hosts table instead of the menu (also when not in a terminal)")

    static func run(_ args: ParsedArguments, _ ctx: CommandContext, help: String) throws -> Int32 {
        let list = try HostStore(root: ctx.root).load()
        guard !args.flag("list"), !list.hosts.isEmpty, ctx.isInteractive, ctx.terminalSize != nil else {
            return try HostsListCommand.listOrHelp(ctx, help: help)
        }
        let names = list.hosts.map(\.name).sorted()
        let menu = HostMenu(names: names, table: HostsListCommand.table(list, environment: ctx.environment))
        guard let name = try HostMenuTerminal.choose(menu) else { return 0 }
        let attach = AttachCommand.command
        return try attach.action!(try ArgumentParser(options: attach.options).parse([name]), ctx)
    }
}
