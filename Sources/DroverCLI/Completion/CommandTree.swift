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

    /// Value names whose values are files (completed as paths).
    static func takesFile(_ option: OptionSpec) -> Bool {
        ["FILE", "PATH", "PICTURE", "DIR"].contains(option.valueName ?? "")
    }
}
