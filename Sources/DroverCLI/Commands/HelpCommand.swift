/// `drover help [COMMAND...]`: the help page of any command or subcommand.
enum HelpCommand {
    static let command = Command(
        "help", summary: "show help for a command", usage: "help [COMMAND [SUBCOMMAND]]",
        operands: .commands,
        action: { args, ctx in
            var target = CommandTable.root
            for name in args.positionals {
                guard let sub = target.subcommand(named: name) else {
                    let guess = Suggestion.question(for: name, among: target.subcommands.filter { !$0.hidden }.map(\.name))
                    var error = UsageError("no command '\(args.positionals.joined(separator: " "))'"
                                           + (guess.map { "; \($0)" } ?? "") + "; run 'drover help' for the list")
                    error.addsHelpLine = false
                    throw error
                }
                target = sub
            }
            ctx.write(target.helpText)
            return 0
        })
}
