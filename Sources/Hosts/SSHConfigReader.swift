/// A run of settings that apply together: the globals, a `Host` or `Match` section, or the
/// part of one that an `Include` interrupted. It applies to an alias when every condition does.
struct SSHConfigBlock: Sendable {
    enum Condition: Sendable {
        /// A `Host` line's patterns.
        case hosts([String])
        /// A `Match` line: never evaluated, so never applies here.
        case match
    }

    var conditions: [Condition]
    var settings: [SSHConfigStatement] = []

    func applies(to alias: String) -> Bool {
        conditions.allSatisfy { condition in
            switch condition {
            case .match: return false
            case .hosts(let patterns): return Self.matches(patterns, alias)
            }
        }
    }

    /// ssh's rule: some pattern matches and no negated pattern does.
    static func matches(_ patterns: [String], _ alias: String) -> Bool {
        let name = alias.lowercased()
        var matched = false
        for pattern in patterns {
            if pattern.hasPrefix("!") {
                if Glob.matches(String(pattern.dropFirst()).lowercased(), name) { return false }
            } else if Glob.matches(pattern.lowercased(), name) {
                matched = true
            }
        }
        return matched
    }
}

/// Reads a config and everything it includes into blocks in ssh's order. An `Include` inside a
/// section applies only where that section does, and the section resumes after it (as in
/// ssh). Depth is limited like ssh's (16), a file that includes itself is skipped, and at most
/// `maxFiles` files are read in all.
struct SSHConfigReader {
    static let maxDepth = 16
    static let maxFiles = 256

    let files: SSHConfigFiles
    private(set) var blocks: [SSHConfigBlock] = [SSHConfigBlock(conditions: [])]
    /// Every single-computer `Host` pattern, first mention first, with where it was named.
    private(set) var aliases: [(name: String, statement: SSHConfigStatement)] = []
    private(set) var matchLines: [String] = []
    private(set) var notes: [String] = []
    private var filesRead = 0
    private var openFiles: [String] = []

    init(files: SSHConfigFiles) {
        self.files = files
    }

    /// Reads `text` (the file given, or standard input) and its includes.
    mutating func read(_ text: String, identity: String?) {
        if let identity { openFiles.append(identity) }
        read(SSHConfigLexer.statements(text), within: [], depth: 0)
    }

    /// Reads one file's statements; `enclosing` holds the conditions of the section the file
    /// was included from (none for the file given), and each new block starts with them.
    private mutating func read(_ statements: [SSHConfigStatement], within enclosing: [SSHConfigBlock.Condition], depth: Int) {
        var section = enclosing
        for statement in statements {
            switch statement.keyword {
            case "host":
                section = enclosing + [.hosts(statement.arguments)]
                blocks.append(SSHConfigBlock(conditions: section))
                noteAliases(statement)
            case "match":
                section = enclosing + [.match]
                blocks.append(SSHConfigBlock(conditions: section))
                matchLines.append(statement.location)
            case "include":
                for pattern in statement.arguments {
                    include(pattern, from: statement, within: section, depth: depth)
                }
                blocks.append(SSHConfigBlock(conditions: section))
            default:
                blocks[blocks.count - 1].settings.append(statement)
            }
        }
    }

    private mutating func noteAliases(_ statement: SSHConfigStatement) {
        for pattern in statement.arguments {
            if pattern.hasPrefix("!") {
                notes.append("\(statement.location): skipped negated pattern '\(pattern)'; it names no single computer")
            } else if pattern.contains("*") || pattern.contains("?") {
                notes.append("\(statement.location): skipped wildcard pattern '\(pattern)'; it names no single computer")
            } else if !aliases.contains(where: { $0.name == pattern }) {
                aliases.append((pattern, statement))
            }
        }
    }

    private mutating func include(_ pattern: String, from statement: SSHConfigStatement,
                                  within section: [SSHConfigBlock.Condition], depth: Int) {
        let here = "\(statement.location): Include \(pattern)"
        guard depth < Self.maxDepth else {
            notes.append("\(here): not followed; includes nest deeper than \(Self.maxDepth) levels")
            return
        }
        let paths = files.paths(matching: pattern)
        if paths.isEmpty { notes.append("\(here): matches no file") }
        for path in paths {
            let shown = files.display(path)
            guard filesRead < Self.maxFiles else {
                notes.append("\(here): \(shown) not read; more than \(Self.maxFiles) files are included")
                return
            }
            let identity = files.identity(path)
            if let identity, openFiles.contains(identity) {
                notes.append("\(here): \(shown) not read again; it includes itself")
                continue
            }
            switch files.read(path) {
            case .failure(let problem):
                notes.append("\(here): \(shown) \(problem)")
            case .success(let text):
                filesRead += 1
                if let identity { openFiles.append(identity) }
                blocks.append(SSHConfigBlock(conditions: section))
                read(SSHConfigLexer.statements(text, file: shown), within: section, depth: depth + 1)
                if identity != nil { openFiles.removeLast() }
            }
        }
    }
}
