/// Every `drover` command. Each command lives in its own file under Commands/ and is
/// listed here once.
enum CommandTable {
    static let commands: [Command] = [
        AttachCommand.command,
        SessionsCommand.command,
        HostsCommand.command,
        KeyCommand.command,
        PinsCommand.command,
        PairCommand.command,
        PairHostCommand.command,
        ReplayCommand.command,
        DoctorCommand.command,
        SSHCheckCommand.command,
        HelpCommand.command,
        VersionCommand.command,
    ]

    static let root: Command = Command(
        "drover",
        summary: "Attach this terminal to herdr sessions on other computers over SSH.",
        usage: "COMMAND [options]",
        details: "Run 'drover help COMMAND' for a command's options.",
        options: [OptionSpec("version", short: "V", help: "print the version")],
        subcommands: commands,
        action: { args, ctx in
            if args.flag("version") { return try VersionCommand.command.action!(args, ctx) }
            if let first = args.positionals.first { throw UsageError("unknown command '\(first)'") }
            return try HostsListCommand.listOrHelp(ctx, help: root.helpText)
        })
}
