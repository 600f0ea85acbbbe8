/// The test-only switches of `pair` and `pair-host`: they work only when the environment has
/// `DROVER_PAIR_TEST=1`, and are refused otherwise.
enum PairTestSwitches {
    static let environmentName = "DROVER_PAIR_TEST"

    static let hostOptions: [OptionSpec] = [
        OptionSpec("test-authorized-keys", value: "PATH", hidden: true, help: "authorized_keys file to edit (tests only)"),
        OptionSpec("test-state", value: "DIR", hidden: true, help: "state directory (tests only)"),
        OptionSpec("test-ttl", value: "SECONDS", hidden: true, help: "lifetime of the code (tests only)"),
    ]

    /// Throws a usage error when any test switch is given without `DROVER_PAIR_TEST=1`.
    static func check(_ args: ParsedArguments, _ ctx: CommandContext, options: [OptionSpec]) throws {
        guard let used = options.first(where: { args.options[$0.long] != nil }) else { return }
        if ctx.environment[environmentName] != "1" {
            throw UsageError("--\(used.long) is a test switch and works only with \(environmentName)=1")
        }
    }
}
