/// One computer named by an OpenSSH client config: a `Host` alias with the `HostName`,
/// `User` and `Port` that apply to it (first value wins, as in ssh).
public struct SSHConfigEntry: Equatable, Sendable {
    public var alias: String
    public var hostname: String
    public var user: String?
    public var port: Int?
    /// The line of the `Host` statement that named the alias.
    public var line: Int
}

/// What an ssh_config file yields: entries to import, and notes on what was skipped.
public struct SSHConfigImport: Equatable, Sendable {
    public var entries: [SSHConfigEntry] = []
    /// One sentence per skipped line or pattern (Include, Match, wildcards, negations, bad values).
    public var notes: [String] = []

    /// Reads `Host`/`HostName`/`User`/`Port` from an ssh_config text. `Include` lines and
    /// `Match` blocks are not followed; wildcard and negated patterns name no single computer.
    public static func parse(_ text: String) -> SSHConfigImport {
        var result = SSHConfigImport()
        let statements = SSHConfigLexer.statements(text)
        var blocks: [SSHConfigBlock] = [SSHConfigBlock(kind: .global, line: 0)]
        var aliases: [(name: String, line: Int)] = []
        for statement in statements {
            switch statement.keyword {
            case "host":
                var block = SSHConfigBlock(kind: .host, line: statement.line)
                block.patterns = statement.arguments
                blocks.append(block)
                for pattern in statement.arguments {
                    if pattern.hasPrefix("!") {
                        result.notes.append("line \(statement.line): skipped negated pattern '\(pattern)'; it names no single computer")
                    } else if pattern.contains("*") || pattern.contains("?") {
                        result.notes.append("line \(statement.line): skipped wildcard pattern '\(pattern)'; it names no single computer")
                    } else if !aliases.contains(where: { $0.name == pattern }) {
                        aliases.append((pattern, statement.line))
                    }
                }
            case "match":
                blocks.append(SSHConfigBlock(kind: .match, line: statement.line))
                result.notes.append("line \(statement.line): skipped a Match block; its conditions are not evaluated, so its settings are not imported")
            case "include":
                let target = statement.arguments.joined(separator: " ")
                result.notes.append("line \(statement.line): did not follow 'Include \(target)'; import that file with 'drover hosts import-ssh-config FILE'")
            case "hostname", "user", "port":
                blocks[blocks.count - 1].settings.append(statement)
            default:
                continue
            }
        }
        for alias in aliases {
            switch resolve(alias.name, in: blocks) {
            case .success(var entry):
                entry.line = alias.line
                result.entries.append(entry)
            case .failure(let note):
                result.notes.append("line \(alias.line): skipped '\(alias.name)': \(note.text)")
            }
        }
        return result
    }

    private struct Note: Error { let text: String }

    /// Applies every block that matches `alias`, first value of each keyword winning.
    private static func resolve(_ alias: String, in blocks: [SSHConfigBlock]) -> Result<SSHConfigEntry, Note> {
        var values: [String: SSHConfigStatement] = [:]
        for block in blocks where block.applies(to: alias) {
            for setting in block.settings where values[setting.keyword] == nil {
                values[setting.keyword] = setting
            }
        }
        var entry = SSHConfigEntry(alias: alias, hostname: alias, user: nil, port: nil, line: 0)
        if let s = values["hostname"] {
            guard s.arguments.count == 1, let expanded = expandTokens(s.arguments[0], alias: alias) else {
                return .failure(Note(text: "line \(s.line): HostName '\(s.arguments.joined(separator: " "))' uses tokens other than %h and %%"))
            }
            entry.hostname = expanded
        }
        if let s = values["user"] {
            guard s.arguments.count == 1, !s.arguments[0].contains("%") else {
                return .failure(Note(text: "line \(s.line): User '\(s.arguments.joined(separator: " "))' uses tokens, which are not expanded"))
            }
            entry.user = s.arguments[0]
        }
        if let s = values["port"] {
            guard s.arguments.count == 1, let port = Int(s.arguments[0]), (1...65535).contains(port) else {
                return .failure(Note(text: "line \(s.line): Port '\(s.arguments.joined(separator: " "))' is not a number from 1 to 65535"))
            }
            entry.port = port
        }
        return .success(entry)
    }

    /// `%h` becomes the alias and `%%` a percent sign; any other token gives nil.
    private static func expandTokens(_ value: String, alias: String) -> String? {
        var out = ""
        var iterator = value.makeIterator()
        while let c = iterator.next() {
            guard c == "%" else { out.append(c); continue }
            switch iterator.next() {
            case "h": out += alias
            case "%": out.append("%")
            default: return nil
            }
        }
        return out
    }
}
