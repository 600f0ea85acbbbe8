/// `drover completions bash|zsh|fish` and `drover man` (both hidden): print the shell
/// completions and the man page, generated from the command tables; `scripts/install`
/// writes them where the shells and man look.
enum CompletionsCommand {
    static let command = Command(
        "completions", summary: "print the shell completion script for bash, zsh or fish",
        usage: "completions bash|zsh|fish",
        details: """
            bash: source it, or install it as share/bash-completion/completions/drover. zsh: \
            install it as _drover in a directory on $fpath. fish: install it as \
            share/fish/vendor_completions.d/drover.fish. scripts/install does all three.
            """,
        hidden: true,
        action: { args, ctx in
            let shell = try args.positionals(exactly: ["SHELL (bash, zsh or fish)"])[0]
            switch shell {
            case "bash": ctx.write(BashCompletion.script())
            case "zsh": ctx.write(ZshCompletion.script())
            case "fish": ctx.write(FishCompletion.script())
            default:
                throw UsageError("no completions for '\(shell)'; give bash, zsh or fish", command: "completions")
            }
            return 0
        })

    static let manCommand = Command(
        "man", summary: "print the drover(1) man page (roff)", usage: "man",
        details: "Read it with 'drover man | man -l -'; scripts/install puts it in share/man/man1.",
        hidden: true,
        action: { args, ctx in
            _ = try args.positionals(exactly: [])
            ctx.write(ManPage.page())
            return 0
        })
}
