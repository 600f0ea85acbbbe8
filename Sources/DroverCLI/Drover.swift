import Console
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hosts

/// The `drover` program: dispatches argv to a command and maps errors to exit codes.
/// Exit codes: 0 success, 1 failure (the message says what to do next), 2 usage error.
public enum Drover {
    public static let version = "0.1.0"

    /// Runs `drover` with `arguments` (argv without the program name).
    public static func run(_ arguments: [String], context: CommandContext) -> Int32 {
        // Help texts name the prefix key in use: DROVER_PREFIX's when it is one (attach reports
        // a value that is not, and picks --prefix or a host's own over it).
        let userPrefix = context.environment[PrefixChoice.environmentVariable].flatMap { try? PrefixKey(parsing: $0) }
        PrefixKey.use(userPrefix ?? .standard)
        var args = arguments
        var command = CommandTable.root
        var path: [String] = []
        while let first = args.first, let sub = command.subcommand(named: first) {
            command = sub
            path.append(first)
            args.removeFirst()
        }
        if args.contains(where: { $0 == "--help" || $0 == "-h" }) && !args.starts(with: ["--"]) {
            let beforeDashes = args.prefix { $0 != "--" }
            if beforeDashes.contains("--help") || beforeDashes.contains("-h") {
                context.write(command.helpText)
                return 0
            }
        }
        do {
            let parsed = try ArgumentParser(options: command.options).parse(args)
            guard let action = command.action else {
                if let first = parsed.positionals.first {
                    throw UsageError.unknownCommand(first, command: path.joined(separator: " "))
                }
                context.write(command.helpText)
                return 0
            }
            return try action(parsed, context)
        } catch var usage as UsageError {
            if usage.command == nil { usage.command = path.joined(separator: " ") }
            let helpName = usage.command.map { $0.isEmpty ? "" : " \($0)" } ?? ""
            let hint = usage.unknownOption.flatMap { OptionHints.hint(command: path.joined(separator: " "), option: $0) }
                ?? suggestion(for: usage, in: command)
            context.printError("drover: \(usage.message)" + (hint.map { "; \($0)" } ?? ""))
            if usage.addsHelpLine { context.printError("Run 'drover help\(helpName)' for usage.") }
            return 2
        } catch {
            let hosts = { (try? HostStore(root: context.root).load())?.hosts ?? [] }
            let configured = { SSHConfigLookup(environment: context.environment).hostNames }
            let message = HostNameSuggestion.message(for: error, registered: { hosts().map(\.name) }, configured: configured,
                                                     reached: { hosts().flatMap { [$0.hostname] + ($0.aliases ?? []) } })
            context.printError("drover: " + (message ?? "\(error)"))
            return 1
        }
    }

    /// "did you mean …?" for a mistyped subcommand or long option of `command`.
    static func suggestion(for usage: UsageError, in command: Command) -> String? {
        if let name = usage.unknownCommand {
            return Suggestion.question(for: name, among: command.subcommands.filter { !$0.hidden }.map(\.name))
        }
        guard let option = usage.unknownOption, option.hasPrefix("--") else { return nil }
        return Suggestion.question(for: option, among: command.options.filter { !$0.hidden }.map { "--" + $0.long } + ["--help"])
    }
}
