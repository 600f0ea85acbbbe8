/// One computer named by an OpenSSH client config: a `Host` alias with the `HostName`,
/// `User` and `Port` that apply to it (first value wins, as in ssh).
public struct SSHConfigEntry: Equatable, Sendable {
    public var alias: String
    public var hostname: String
    public var user: String?
    public var port: Int?
    /// Every `IdentityFile` that applies, in order (ssh tries them all), `~/` kept.
    public var identityFiles: [String] = []
    /// `IdentitiesOnly yes`: only the identity files are offered (first value wins, as in ssh).
    public var identitiesOnly = false
    /// `ProxyJump` hops as `JumpHop` text; nil without one (or with `ProxyJump none`).
    public var jump: [String]? = nil
    /// The line of the `Host` statement that named the alias.
    public var line: Int
    /// The included file of that line, as shown to the person; nil for the file given.
    public var file: String? = nil
    /// What applies to this alias but Drover does not carry over, each as `Keyword (line N)`:
    /// settings such as ProxyCommand, and Match blocks, which are not evaluated.
    public var notCarriedOver: [String] = []
    /// The algorithm lines that apply, for `legacyAlgorithms` (`SSHConfigAlgorithmLine`).
    public var algorithmLines: [SSHConfigAlgorithmLine] = []

    /// Where the alias was named: `line 7` or `~/.ssh/conf.d/work line 7`.
    public var location: String { file.map { "\($0) line \(line)" } ?? "line \(line)" }
}

/// An alias the config names but that cannot be imported as it is written.
public struct SSHConfigSkip: Equatable, Sendable {
    public var alias: String
    /// Where the alias was named.
    public var location: String
    public var reason: String
}

/// What an ssh_config file yields: entries to import, aliases that cannot be, and notes on
/// lines that name no single computer or could not be followed.
public struct SSHConfigImport: Equatable, Sendable {
    public var entries: [SSHConfigEntry] = []
    public var skipped: [SSHConfigSkip] = []
    /// One sentence per pattern or Include that yields no host (wildcards, negations, missing files).
    public var notes: [String] = []

    /// The keywords whose values become the registry entry; everything else is listed per host.
    static let carriedOver: Set<String> = ["hostname", "user", "port", "proxyjump", "identitiesonly"]

    /// Reads `text` and the files it includes (through `files`). `identity` is the file's
    /// own identity (`SSHConfigFiles.identity`), so a file that includes itself is noticed.
    public static func parse(_ text: String, files: SSHConfigFiles, identity: String? = nil) -> SSHConfigImport {
        var reader = SSHConfigReader(files: files)
        reader.read(text, identity: identity)
        let index = SSHConfigBlockIndex(reader.blocks)
        var result = SSHConfigImport(notes: reader.notes)
        for (alias, statement) in reader.aliases {
            if let problem = nameProblem(alias) {
                result.skipped.append(SSHConfigSkip(alias: alias, location: statement.location, reason: problem))
                continue
            }
            switch resolve(alias, in: reader.blocks, index: index) {
            case .success(var entry):
                entry.line = statement.line
                entry.file = statement.file
                entry.notCarriedOver += reader.matchLines.map { "Match block (\($0))" }
                result.entries.append(entry)
            case .failure(let problem):
                result.skipped.append(SSHConfigSkip(alias: alias, location: statement.location, reason: problem.text))
            }
        }
        return result
    }

    /// Parses the config at `path` (which the person named, so it may be a pipe) with its
    /// includes; the failure says why it was not read.
    public static func parse(file path: String, files: SSHConfigFiles) -> Result<SSHConfigImport, SSHConfigFiles.ReadProblem> {
        files.read(path, anyKind: true).map { parse($0, files: files, identity: files.identity(path)) }
    }

    private struct Problem: Error { let text: String }

    /// Why `alias` cannot be a registry name (checked before its settings are resolved, so
    /// an alias that could never be imported costs nothing more), or nil.
    private static func nameProblem(_ alias: String) -> String? {
        do {
            try HostRules.checkName(alias)
            return nil
        } catch let error as HostValidationError {
            return "\(error.field) '\(HostValidationError.printable(error.value))' is not allowed: \(error.rule)"
        } catch {
            return "\(error)"
        }
    }

    /// Applies every block that matches `alias`, first value of each keyword winning.
    private static func resolve(_ alias: String, in blocks: [SSHConfigBlock],
                                index: SSHConfigBlockIndex) -> Result<SSHConfigEntry, Problem> {
        var values: [String: SSHConfigStatement] = [:]
        var others: [String: SSHConfigStatement] = [:]
        var otherOrder: [String] = []
        var identities: [SSHConfigStatement] = []
        let name = alias.lowercased()
        let characters = Array(name)
        for block in index.candidates(for: name).map({ blocks[$0] }) where block.applies(to: characters) {
            for setting in block.settings {
                if setting.keyword == "identityfile" {
                    identities.append(setting)
                } else if carriedOver.contains(setting.keyword) || SSHConfigAlgorithmLine.keywords.contains(setting.keyword) {
                    if values[setting.keyword] == nil { values[setting.keyword] = setting }
                } else if others[setting.keyword] == nil {
                    others[setting.keyword] = setting
                    otherOrder.append(setting.keyword)
                }
            }
        }
        var entry = SSHConfigEntry(alias: alias, hostname: alias, user: nil, port: nil, line: 0)
        entry.notCarriedOver = otherOrder.compactMap { others[$0] }.map { "\($0.spelling) (\($0.location))" }
        for s in identities {
            if let path = identityPath(s.arguments) {
                if !entry.identityFiles.contains(path) { entry.identityFiles.append(path) }
            } else if s.arguments.map({ $0.lowercased() }) != ["none"] {
                entry.notCarriedOver.append("\(s.spelling) (\(s.location): only ~/ and %d are expanded)")
            }
        }
        if let s = values["hostname"] {
            guard s.arguments.count == 1, let expanded = expandTokens(s.arguments[0], alias: alias) else {
                return .failure(Problem(text: "\(s.location): HostName '\(s.arguments.joined(separator: " "))' uses tokens other than %h and %%"))
            }
            entry.hostname = expanded
        }
        if let s = values["user"] {
            guard s.arguments.count == 1, !s.arguments[0].contains("%") else {
                return .failure(Problem(text: "\(s.location): User '\(s.arguments.joined(separator: " "))' uses tokens, which are not expanded"))
            }
            entry.user = s.arguments[0]
        }
        if let s = values["port"] {
            guard s.arguments.count == 1, let port = Int(s.arguments[0]), (1...65535).contains(port) else {
                return .failure(Problem(text: "\(s.location): Port '\(s.arguments.joined(separator: " "))' is not a number from 1 to 65535"))
            }
            entry.port = port
        }
        if let s = values["identitiesonly"] {
            switch s.arguments.map({ $0.lowercased() }) {
            case ["yes"]: entry.identitiesOnly = true
            case ["no"]: break
            default:
                return .failure(Problem(text: "\(s.location): IdentitiesOnly '\(s.arguments.joined(separator: " "))' is not yes or no"))
            }
        }
        if let s = values["proxyjump"] {
            let text = s.arguments.joined(separator: " ")
            if text.lowercased() != "none" {
                guard s.arguments.count == 1, !text.contains("%"), let hops = try? JumpHop.parseList(text) else {
                    return .failure(Problem(text: "\(s.location): ProxyJump '\(text)' is not a list of [user@]host[:port] "
                                            + "without tokens"))
                }
                entry.jump = hops.map(\.description)
            }
        }
        entry.algorithmLines = SSHConfigAlgorithmLine.keywords.compactMap { values[$0] }.map {
            SSHConfigAlgorithmLine(keyword: $0.keyword, spelling: $0.spelling, value: $0.arguments.joined(separator: " "),
                                   location: $0.location)
        }
        return .success(entry)
    }

    /// An IdentityFile value Drover can follow: one path, `~/…` or absolute, with `%d` (the
    /// home directory) as `~`; other tokens and relative paths give nil.
    static func identityPath(_ arguments: [String]) -> String? {
        guard arguments.count == 1 else { return nil }
        var path = arguments[0]
        if path.hasPrefix("%d/") { path = "~" + path.dropFirst(2) }
        guard !path.contains("%"), path.hasPrefix("~/") || path.hasPrefix("/"),
              (try? HostRules.checkIdentity(path)) != nil else { return nil }
        return path
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
