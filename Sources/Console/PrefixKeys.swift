import VT

/// One key Drover takes after the prefix.
public struct PrefixBinding: Equatable, Sendable {
    /// The key typed after the prefix.
    public let key: Unicode.Scalar
    public let command: PrefixKeyHandler.Command
    /// What it does, short enough for one line of the help box.
    public let summary: String
}

/// The prefix keys, written down once: `PrefixKeyHandler` dispatches from `bindings`, and the
/// `?` box and `drover attach --help` print `helpLines`. The README's table cannot be generated
/// at build time, so a test compares it with this list.
extension PrefixKeyHandler {
    /// How help spells the prefix key in use (`PrefixKey.inUse`).
    public static var prefixName: String { PrefixKey.inUse.name }

    /// Every command key, in the order help lists them.
    public static let bindings: [PrefixBinding] = [
        PrefixBinding(key: "d", command: .detach, summary: "detach from every host (herdr keeps running on each)"),
        PrefixBinding(key: "n", command: .nextHost, summary: "next host"),
        PrefixBinding(key: "p", command: .previousHost, summary: "previous host"),
        PrefixBinding(key: "h", command: .pickHost, summary: "pick a host; the list shows bells; a failed or closed host is tried again"),
        PrefixBinding(key: "o", command: .openHost, summary: "open another host in this Drover (name or user@host[:port])"),
        PrefixBinding(key: "X", command: .closeHost, summary: "close the host in front (asks first; herdr keeps running)"),
        PrefixBinding(key: "r", command: .redraw, summary: "redraw the screen; reconnect now if waiting to"),
        PrefixBinding(key: "x", command: .discardPending, summary: "discard keys typed while not connected"),
        PrefixBinding(key: "[", command: .history, summary: "history: scroll back, rewind, search, copy (also ctrl+] PageUp)"),
        PrefixBinding(key: "v", command: .pasteImage, summary: "paste the clipboard's picture (uploaded); again: cancel"),
        PrefixBinding(key: "?", command: .help, summary: "show these keys, the whole status line and the last message"),
    ]

    /// Keys that are not characters and repeat a binding above (named in its summary).
    public static let keyAliases: [Key: Command] = [.pageUp: .history]

    /// What the prefix typed twice does. It is not a command, so it is not in `bindings`.
    public static var doubledPrefixSummary: String { "send \(prefixName) itself to the remote" }

    /// The prefix then Enter sends Shift+Enter: the newline of coding agents, for a local
    /// terminal that cannot say Shift+Enter itself. Not a command either.
    public static let shiftEnter = InputEvent.key(.enter, .shift)
    public static let shiftEnterSummary = "send Shift+Enter, the newline of coding agents"

    /// Every key and what it does, one aligned line each, Enter and the doubled prefix last.
    public static var helpLines: [String] {
        let rows = bindings.map { ("\(prefixName) \($0.key)", $0.summary) }
            + [("\(prefixName) Enter", shiftEnterSummary), ("\(prefixName) \(prefixName)", doubledPrefixSummary)]
        let width = rows.map(\.0.count).max() ?? 0
        return rows.map { keys, summary in keys + String(repeating: " ", count: width - keys.count + 2) + summary }
    }

    /// How messages name the keys of `command` ("ctrl+] x"), from `bindings`, so a status
    /// line never names a key that does something else.
    public static func keys(for command: Command) -> String {
        guard let binding = bindings.first(where: { $0.command == command }) else { return prefixName }
        return "\(prefixName) \(binding.key)"
    }

    static func command(for scalar: Unicode.Scalar) -> Command? {
        bindings.first { $0.key == scalar }?.command
    }
}
