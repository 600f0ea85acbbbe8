/// The visible commands as a flat list of paths (`[]`, `["hosts"]`, `["hosts", "add"]`): what
/// the generated completions and the man page walk, taken from the same `Command` tables
/// that `--help` prints.
struct CommandTree {
    struct Node {
        let path: [String]
        let command: Command

        /// `hosts/add`, the key a completion script switches on ("" for `drover` itself).
        var key: String { path.joined(separator: "/") }
        var visibleSubcommands: [Command] { command.subcommands.filter { !$0.hidden } }
    }

    let nodes: [Node]

    init(root: Command = CommandTable.root) {
        var nodes: [Node] = []
        func walk(_ command: Command, _ path: [String]) {
            nodes.append(Node(path: path, command: command))
            for sub in command.subcommands where !sub.hidden { walk(sub, path + [sub.name]) }
        }
        walk(root, [])
        self.nodes = nodes
    }

    /// The words an option's value is one of, from its value text (`auto|always|never`); nil
    /// for a value of the person's own (`SECONDS`, `FILE`).
    static func choices(_ option: OptionSpec) -> [String]? {
        guard let value = option.valueName, value.contains("|") else { return nil }
        let words = value.split(separator: "|").map(String.init)
        return words.allSatisfy { $0.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" } } ? words : nil
    }

    /// Whether an option's value is a host name (`-J HOST[,HOST...]`), completed from the registry.
    static func takesHosts(_ option: OptionSpec) -> Bool { option.valueName?.hasPrefix("HOST") == true }

    /// The top-level command names (`drover help COMMAND`).
    var commandNames: [String] { nodes.first?.visibleSubcommands.map(\.name) ?? [] }

    /// Each option of each command whose value completes from a list: its spellings
    /// (`--predict`, `-J`) under the command's key, and the choices (nil: host names).
    var valueLists: [(key: String, spellings: [String], choices: [String]?)] {
        nodes.flatMap { node in
            node.command.visibleOptions.compactMap { option in
                let spellings = ["--\(option.long)"] + (option.short.map { ["-\($0)"] } ?? [])
                if let choices = Self.choices(option) { return (node.key, spellings, choices) }
                return Self.takesHosts(option) ? (node.key, spellings, nil) : nil
            }
        }
    }

    /// Value names whose values are files (completed as paths).
    static func takesFile(_ option: OptionSpec) -> Bool {
        ["FILE", "PATH", "PICTURE", "DIR"].contains(option.valueName ?? "")
    }
}
