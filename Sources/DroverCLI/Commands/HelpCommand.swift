/// `drover help [COMMAND...]`: the help page of any command or subcommand.
enum HelpCommand {
    static let command = Command(
        "help", summary: "show help for a command", usage: "help [COMMAND [SUBCOMMAND]]",
        operands: .commands,
        action: { args, ctx in
            var target = CommandTable.root
            for (index, name) in args.positionals.enumerated() {
                guard let sub = target.subcommand(named: name) else {
                    // The guess is the whole command path ('hosts show'), as `drover help` takes it.
                    let guess = Suggestion.closest(to: name, among: target.subcommands.filter { !$0.hidden }.map(\.name))
                        .map { (args.positionals.prefix(index) + [$0]).joined(separator: " ") }
                    var error = UsageError("no command '\(args.positionals.joined(separator: " "))'"
                                           + (guess.map { "; did you mean '\($0)'? Run" } ?? "; run") + " 'drover help' for the list")
                    error.addsHelpLine = false
                    throw error
                }
                target = sub
            }
            ctx.write(target.helpText)
            return 0
        })
}
