/// One option a command accepts: `--long`, optionally `-s`, with or without a value.
public struct OptionSpec: Sendable, Equatable {
    public let long: String
    public let short: Character?
    public let valueName: String?
    public let repeatable: Bool
    public let help: String
    /// Hidden options work but are not listed in help (debugging and test switches).
    public let hidden: Bool

    public init(_ long: String, short: Character? = nil, value valueName: String? = nil,
                repeatable: Bool = false, hidden: Bool = false, help: String) {
        self.long = long
        self.short = short
        self.valueName = valueName
        self.repeatable = repeatable
        self.hidden = hidden
        self.help = help
    }

    public var takesValue: Bool { valueName != nil }

    /// How the option reads in help: `-q, --qr` or `--port PORT`.
    var synopsis: String {
        var s = short.map { "-\($0), " } ?? "    "
        s += "--\(long)"
        if let valueName { s += " \(valueName)" }
        return s
    }
}
