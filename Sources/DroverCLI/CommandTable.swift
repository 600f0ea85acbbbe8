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
        CompletionsCommand.command,
        CompletionsCommand.manCommand,
    ]

    static let root: Command = Command(
        "drover",
        summary: "Attach this terminal to herdr sessions on other computers over SSH.",
        usage: "[--list] | --version | COMMAND [options]",
        details: """
            Run 'drover help COMMAND' for a command's options. Without a command, in a terminal, \
            drover shows the hosts to pick one (arrows and Enter attach it, q leaves); --list, or \
            output that is not a terminal, prints the hosts table instead.
            """,
        options: [OptionSpec("version", short: "V", help: "print the version"), BareDrover.listOption],
        subcommands: commands,
        action: { args, ctx in
            if args.flag("version") { return try VersionCommand.command.action!(args, ctx) }
            if let first = args.positionals.first { throw UsageError.unknownCommand(first) }
            return try BareDrover.run(args, ctx, help: root.helpText)
        })
}
