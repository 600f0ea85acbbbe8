/// Reads a config and everything it includes into blocks in ssh's order. An `Include` inside a
/// section applies only where that section does, and the section resumes after it (as in
/// ssh). Depth is limited like ssh's (16), a file that includes itself is skipped, and at most
/// `maxFiles` files and `maxTotalBytes` are read in all, naming at most `maxAliases` computers,
/// so the work of resolving every alias against every section stays bounded.
struct SSHConfigReader {
    static let maxDepth = 16
    static let maxFiles = 256
    static let maxTotalBytes = 4 * SSHConfigFiles.maxBytes
    static let maxAliases = 1000

    let files: SSHConfigFiles
    private(set) var blocks: [SSHConfigBlock] = [SSHConfigBlock(conditions: [])]
    /// Every single-computer `Host` pattern, first mention first, with where it was named.
    private(set) var aliases: [(name: String, statement: SSHConfigStatement)] = []
    /// The Match lines, never evaluated; each host lists those that may apply to it.
    private(set) var matches: [SSHConfigMatch] = []
    private(set) var notes: [String] = []
    private var filesRead = 0
    private var bytesRead = 0
    private var aliasNames: Set<String> = []
    private var openFiles: [String] = []

    init(files: SSHConfigFiles) {
        self.files = files
    }

    /// Reads `text` (the file given, or standard input) and its includes.
    mutating func read(_ text: String, identity: String?) {
        if let identity { openFiles.append(identity) }
        bytesRead = text.utf8.count
        read(SSHConfigLexer.statements(text), within: [], depth: 0)
    }

    /// Reads one file's statements; `enclosing` holds the conditions of the section the file
    /// was included from (none for the file given), and each new block starts with them.
    private mutating func read(_ statements: [SSHConfigStatement], within enclosing: [SSHConfigBlock.Condition], depth: Int) {
        var section = enclosing
        for statement in statements {
            switch statement.keyword {
            case "host":
                section = enclosing + [.hosts(statement.arguments.map(HostPattern.init))]
                blocks.append(SSHConfigBlock(conditions: section))
                if statement.arguments.isEmpty {
                    // ssh refuses the whole file over such a line; say so rather than pass it by.
                    notes.append("\(statement.location): 'Host' without a pattern names no computer (ssh rejects this line)")
                }
                noteAliases(statement)
            case "match":
                section = enclosing + [.match]
                blocks.append(SSHConfigBlock(conditions: section))
                matches.append(SSHConfigMatch(statement, nested: !enclosing.isEmpty))
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
            } else if aliasNames.count == Self.maxAliases {
                notes.append("\(statement.location): '\(pattern)' and later names were not imported; "
                             + "a config names at most \(Self.maxAliases) computers here")
                return
            } else if aliasNames.insert(pattern).inserted {
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
        if paths.isEmpty { notes.append("\(here): matches no file (looked for \(files.display(files.absolute(pattern))))") }
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
            case .success(let text) where bytesRead + text.utf8.count > Self.maxTotalBytes:
                notes.append("\(here): \(shown) not read; the config and its includes exceed \(Self.maxTotalBytes / 1024) KiB")
            case .success(let text):
                filesRead += 1
                bytesRead += text.utf8.count
                if let identity { openFiles.append(identity) }
                blocks.append(SSHConfigBlock(conditions: section))
                read(SSHConfigLexer.statements(text, file: shown), within: section, depth: depth + 1)
                if identity != nil { openFiles.removeLast() }
            }
        }
    }
}
