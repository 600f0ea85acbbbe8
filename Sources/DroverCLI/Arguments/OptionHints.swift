/// Options a person reaches for on a command that does not take them, with where that setting
/// lives instead: `drover attach --identity F` is refused, and the message points to the
/// host's entry, which is where ssh's per-connection options live in Drover.
enum OptionHints {
    private static let hostEdit = "it belongs to the host: set it with 'drover hosts edit NAME "
    private static let table: [String: [String: String]] = [
        "attach": [
            "--identity": hostEdit + "--identity FILE'",
            "-i": hostEdit + "--identity FILE'",
            "--jump": hostEdit + "--jump HOSTS'",
            "-J": hostEdit + "--jump HOSTS'",
            "--command": hostEdit + "--command CMD'",
            "--auth": hostEdit + "--auth LIST'",
            "--port": "give the port in the address: 'drover attach USER@HOST:PORT'",
            "-p": "give the port in the address: 'drover attach USER@HOST:PORT'",
            "--user": "give the user in the address: 'drover attach USER@HOST'",
            "-l": "give the user in the address: 'drover attach USER@HOST'",
        ],
    ]

    /// The hint for `option` (as typed, without `=value`) given to `command` (`attach`), if any.
    static func hint(command: String, option: String) -> String? {
        table[command]?[option]
    }
}
