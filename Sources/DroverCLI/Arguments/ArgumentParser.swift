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

        // Dashes and `=` are found among the Unicode scalars, as getopt finds them among bytes:
        // as Characters, a combining mark after `-` or `=` would glue itself to it, and `-\u{301}x`
        // would pass for a positional.
        while index < args.count {
            let arg = args[index]
            let scalars = arg.unicodeScalars
            if onlyPositionals || arg == "-" || scalars.first != "-" {
                result.positionals.append(arg)
            } else if arg == "--" {
                onlyPositionals = true
            } else if scalars.dropFirst().first == "-" {
                let body = scalars.dropFirst(2)
                let equals = body.firstIndex(of: "=")
                let name = String(body[..<(equals ?? body.endIndex)])
                let inline = equals.map { String(body[body.index(after: $0)...]) }
                guard let spec = options.first(where: { $0.long == name }) else { throw UsageError.unknownOption(arg) }
                if spec.takesValue {
                    try record(spec, try inline ?? nextValue(for: spec))
                } else {
                    if inline != nil { throw UsageError.unexpectedValue(spec.long) }
                    try record(spec, nil)
                }
            } else {
                var chars = Array(String(scalars.dropFirst()))
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
