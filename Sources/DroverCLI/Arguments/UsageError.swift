/// A command line that does not fit the command's grammar. Exit code 2.
public struct UsageError: Error, Equatable, Sendable {
    public let message: String
    /// The command whose help explains the right form (`drover help hosts add`).
    public var command: String?
    /// The option the command does not take, as typed without any `=value` (see `OptionHints`).
    public var unknownOption: String?
    /// The subcommand the command does not have, as typed (for "did you mean").
    public var unknownCommand: String?
    /// False when the message already says where to look (`drover help atach`): no
    /// "Run 'drover help …' for usage." line is added under it.
    public var addsHelpLine = true

    public init(_ message: String, command: String? = nil) {
        self.message = message
        self.command = command
    }

    static func unknownOption(_ arg: String) -> UsageError {
        var error = UsageError("unknown option '\(arg)'")
        error.unknownOption = arg.split(separator: "=", maxSplits: 1).first.map(String.init) ?? arg
        return error
    }
    static func unknownCommand(_ name: String, command: String? = nil) -> UsageError {
        var error = UsageError("unknown command '\(name)'", command: command)
        error.unknownCommand = name
        return error
    }
    static func missingValue(_ option: String) -> UsageError { UsageError("option '--\(option)' needs a value") }
    static func unexpectedValue(_ option: String) -> UsageError { UsageError("option '--\(option)' takes no value") }
    static func repeated(_ option: String) -> UsageError { UsageError("option '--\(option)' given more than once") }
}
