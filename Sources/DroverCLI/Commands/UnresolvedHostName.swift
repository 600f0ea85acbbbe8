/// A bare name that is in neither the registry nor ~/.ssh/config and does not resolve as an
/// address: `ssh NAME` would fail too. The names it may be a typo of are the registry's and
/// the config's Host names (`Suggestion`); with one close, the advice is to use it, not to
/// register the typo.
struct UnresolvedHostName: Error, CustomStringConvertible {
    let text: String
    /// The registry's names.
    let known: [String]
    /// The Host names ~/.ssh/config spells out (`SSHConfigLookup.hostNames`).
    var configNames: [String] = []
    /// The resolver's reason ("Name or service not known").
    let reason: String
    /// Whether there is a ~/.ssh/config (which then gives the name no HostName).
    let config: Bool

    /// The one registry or config name close to `text`, if any.
    var closest: String? { Suggestion.closest(to: text, among: known + configNames) }

    var description: String {
        let fromConfig = configNames.filter { !known.contains($0) }
        let listed = fromConfig.isEmpty ? "" : "; ~/.ssh/config names: \(fromConfig.joined(separator: ", "))"
        let names = known.isEmpty ? "No hosts are registered yet\(listed)." : "Known hosts: \(known.joined(separator: ", "))\(listed)."
        let elsewhere = config ? "(~/.ssh/config gives it no HostName)" : "(there is no ~/.ssh/config)"
        let failed = "'\(text)' \(elsewhere) does not resolve as an address (\(reason))"
        if let closest {
            return "no host named '\(text)'. Did you mean '\(closest)'? \(names) \(failed): "
                + "use that name, or give user@host[:port]."
        }
        return "no host named '\(text)'. \(names) \(failed): "
            + "register it with 'drover hosts add \(text) --host ADDRESS' (or give it a Host block in ~/.ssh/config), "
            + "or give user@host[:port]."
    }
}
