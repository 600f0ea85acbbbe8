/// A target Drover cannot attach as given.
public enum AttachTargetError: Error, CustomStringConvertible, Equatable {
    /// Neither a registry name nor an address.
    case unknown(String, known: [String])
    /// An address that several registry entries connect to directly, each with its own
    /// session or command (so none is the address's plain entry).
    case ambiguous(String, names: [String])
    /// `--session` for a host whose command is overridden.
    case commandOverride(String)

    public var description: String {
        switch self {
        case .unknown(let text, let known):
            let list = known.isEmpty
                ? "No hosts are registered yet; add one with 'drover hosts add NAME --host ADDRESS' or pair with 'drover pair'."
                : "Known hosts: \(known.joined(separator: ", ")). Use one of them or user@host[:port]."
            return "no host named '\(text)'. \(list)"
        case .ambiguous(let text, let names):
            return "\(text) matches several registered hosts that connect to it directly "
                + "(\(names.map { "'\($0)'" }.joined(separator: ", "))), each with its own herdr session or command; "
                + "attach one of them by name, e.g. 'drover attach \(names[0])'."
        case .commandOverride(let name):
            return "\(name) runs its own command instead of herdr's attach command, so --session does not apply; "
                + "attach without --session, or change the command with 'drover hosts edit \(name) --no-command'."
        }
    }
}
