import TextSafety

/// A host field that breaks its rule. The description names the field, shows the value and
/// says what is allowed.
public struct HostValidationError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The field as a person knows it: `name`, `hostname`, `port`, `user`, `session`, `command`, `auth`.
    public let field: String
    public let value: String
    /// What the field must look like, as a sentence fragment.
    public let rule: String

    public init(field: String, value: String, rule: String) {
        self.field = field
        self.value = value
        self.rule = rule
    }

    public var description: String {
        "\(problem). Choose a \(field) that fits and try again."
    }

    /// The field, its value and the rule, without the advice: for listing a stored entry.
    public var problem: String {
        "\(field) '\(Self.printable(value))' is not allowed: \(rule)"
    }

    /// The value with control characters shown as escapes, so a message cannot move the cursor.
    public static func printable(_ s: String) -> String {
        let out = SafeText.escaped(s)
        return out.count > 80 ? String(out.prefix(77)) + "..." : out
    }
}
