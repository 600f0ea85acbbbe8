/// The local variables every attach offers the host (as ssh's `SendEnv LANG LC_*` does, plus
/// the colour hint): sshd takes those its `AcceptEnv` lists and refuses the rest quietly. One
/// list, so the attach and the reading of ssh_config's `SendEnv` never disagree.
public enum ForwardedEnvironment {
    /// Whether an attach offers the local variable `name`.
    public static func offers(_ name: String) -> Bool {
        name == "LANG" || name == "COLORTERM" || name.hasPrefix("LC_")
    }

    /// The variables of `environment` an attach offers (empty values are left out).
    public static func of(_ environment: [String: String]) -> [String: String] {
        environment.filter { !$0.value.isEmpty && offers($0.key) }
    }

    /// Whether a `SendEnv` pattern asks for nothing beyond what every attach offers: a name or
    /// `LC_*`-style pattern inside the list, or a `-PATTERN` that only takes names away.
    static func covers(sendEnvPattern pattern: String) -> Bool {
        if pattern.hasPrefix("-") { return true }
        if pattern.hasSuffix("*"), !pattern.dropLast().contains(where: { $0 == "*" || $0 == "?" }) {
            return pattern.hasPrefix("LC_")
        }
        return !pattern.contains(where: { $0 == "*" || $0 == "?" }) && offers(pattern)
    }
}
