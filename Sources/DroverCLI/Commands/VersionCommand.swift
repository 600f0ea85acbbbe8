/// `drover version` (also `drover --version`).
enum VersionCommand {
    static let command = Command(
        "version", summary: "print the version", usage: "version",
        action: { args, ctx in
            _ = try args.positionals(exactly: [])
            ctx.print("drover \(Drover.version)")
            return 0
        })
}
