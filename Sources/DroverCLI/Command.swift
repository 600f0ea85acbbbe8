import TextSafety
/// A command or subcommand of `drover`: its grammar, help text and action.
public struct Command: Sendable {
    public typealias Action = @Sendable (ParsedArguments, CommandContext) throws -> Int32

    public let name: String
    /// One line for command lists.
    public let summary: String
    /// The usage line after `drover `, e.g. `hosts add NAME --host HOST [options]`.
    public let usage: String
    /// Paragraphs shown by `drover help COMMAND` after the usage line.
    public let details: String
    public let options: [OptionSpec]
    public let subcommands: [Command]
    public let hidden: Bool
    /// What the positional arguments are: the completions offer host names or files for them.
    public let operands: Operands
    public let action: Action?

    /// What a command's positional arguments name, for shell completion.
    public enum Operands: Sendable {
        case none
        /// Registry names (and addresses): completed with `drover hosts --names`.
        case hosts
        case files
        /// Drover's own command names (`drover help COMMAND`).
        case commands
    }

    public init(_ name: String, summary: String, usage: String, details: String = "",
                options: [OptionSpec] = [], subcommands: [Command] = [], hidden: Bool = false,
                operands: Operands = .none, action: Action? = nil) {
        self.name = name
        self.summary = summary
        self.usage = usage
        self.details = details
        self.options = options
        self.subcommands = subcommands
        self.hidden = hidden
        self.operands = operands
        self.action = action
    }

    public func subcommand(named name: String) -> Command? {
        subcommands.first { $0.name == name }
    }

    /// The options help lists (hidden ones left out, `--help` added): also what the shell
    /// completions and the man page list, so the three cannot drift apart.
    public var visibleOptions: [OptionSpec] {
        options.filter { !$0.hidden } + [OptionSpec("help", short: "h", help: "show this help")]
    }

    /// The help page: usage, details, subcommands and options.
    public var helpText: String {
        var lines = ["usage: drover \(usage)", ""]
        lines.append(summary)
        if !details.isEmpty { lines += ["", details] }
        let visibleSubs = subcommands.filter { !$0.hidden }
        if !visibleSubs.isEmpty {
            lines += ["", "commands:"]
            let width = visibleSubs.map(\.name.count).max() ?? 0
            for sub in visibleSubs {
                lines.append("  \(sub.name.padded(toLength: width))  \(sub.summary)")
            }
        }
        let visible = visibleOptions
        lines += ["", "options:"]
        let width = visible.map(\.synopsis.count).max() ?? 0
        for option in visible {
            lines.append("  \(option.synopsis.padded(toLength: width))  \(option.help)")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
