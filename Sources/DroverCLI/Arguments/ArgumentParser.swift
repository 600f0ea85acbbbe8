/// Splits argv into options and positionals against a list of `OptionSpec`s.
///
/// Grammar: `--long`, `--long=value`, `--long value`, `-s`, `-s value`, `-svalue`,
/// bundled short flags (`-ab`), and `--` ending option parsing. A lone `-` is a positional
/// (commands use it for "read standard input"). An option not marked repeatable is refused
/// when given twice (`given more than once`: a silent last-wins would hide a typo); a repeatable
/// one keeps every value in order, and `ParsedArguments.value` reads the last.
public struct ArgumentParser: Sendable {
    public let options: [OptionSpec]

    public init(options: [OptionSpec]) {
        self.options = options
    }

    public func parse(_ args: [String]) throws -> ParsedArguments {
        var result = ParsedArguments()
        var index = 0
        var onlyPositionals = false

        func record(_ spec: OptionSpec, _ value: String?) throws {
            if !spec.repeatable, result.options[spec.long] != nil { throw UsageError.repeated(spec.long) }
            result.options[spec.long, default: []].append(contentsOf: value.map { [$0] } ?? [])
        }
        func nextValue(for spec: OptionSpec) throws -> String {
            index += 1
            guard index < args.count else { throw UsageError.missingValue(spec.long) }
            return args[index]
        }

        while index < args.count {
            let arg = args[index]
            if onlyPositionals || arg == "-" || !arg.hasPrefix("-") {
                result.positionals.append(arg)
            } else if arg == "--" {
                onlyPositionals = true
            } else if arg.hasPrefix("--") {
                let body = arg.dropFirst(2)
                let name = body.split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
                let inline = body.contains("=") ? String(body.drop(while: { $0 != "=" }).dropFirst()) : nil
                guard let spec = options.first(where: { $0.long == name }) else { throw UsageError.unknownOption(arg) }
                if spec.takesValue {
                    try record(spec, try inline ?? nextValue(for: spec))
                } else {
                    if inline != nil { throw UsageError.unexpectedValue(spec.long) }
                    try record(spec, nil)
                }
            } else {
                var chars = Array(arg.dropFirst())
                while !chars.isEmpty {
                    let c = chars.removeFirst()
                    guard let spec = options.first(where: { $0.short == c }) else {
                        throw UsageError.unknownOption("-\(c)")
                    }
                    if spec.takesValue {
                        try record(spec, chars.isEmpty ? try nextValue(for: spec) : String(chars))
                        chars = []
                    } else {
                        try record(spec, nil)
                    }
                }
            }
            index += 1
        }
        return result
    }
}
