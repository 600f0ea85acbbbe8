/// The options and positional arguments of one command invocation.
public struct ParsedArguments: Sendable, Equatable {
    /// Values by long option name, in the order given (flags map to an empty list per use).
    public var options: [String: [String]] = [:]
    public var positionals: [String] = []

    public init(options: [String: [String]] = [:], positionals: [String] = []) {
        self.options = options
        self.positionals = positionals
    }

    public func flag(_ long: String) -> Bool { options[long] != nil }
    public func value(_ long: String) -> String? { options[long]?.last }
    public func values(_ long: String) -> [String] { options[long] ?? [] }

    /// An integer option within a range, with an error naming the option.
    public func int(_ long: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let raw = value(long) else { return nil }
        guard let n = Int(raw), range.contains(n) else {
            throw UsageError("--\(long) must be a whole number from \(range.lowerBound) to \(range.upperBound), not '\(raw)'")
        }
        return n
    }

    /// Exactly `names.count` positionals, else a usage error naming what is missing or extra.
    public func positionals(exactly names: [String]) throws -> [String] {
        if positionals.count < names.count {
            throw UsageError("missing \(names[positionals.count])")
        }
        if positionals.count > names.count {
            throw UsageError("unexpected argument '\(positionals[names.count])'")
        }
        return positionals
    }
}
