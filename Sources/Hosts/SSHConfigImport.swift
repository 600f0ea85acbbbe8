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
    /// A `ProxyCommand` other than `ssh -W %h:%p HOP` (which is `jump`).
    public var proxyCommand: String? = nil
    /// `LocalForward`s as `ForwardSpec` text.
    public var forwards: [String] = []
    /// `RemoteForward`s as `RemoteForwardSpec` text.
    public var remoteForwards: [String] = []
    /// `ConnectTimeout` and `ServerAliveInterval`, seconds (at most 600).
    public var connectTimeout: Int? = nil
    public var keepalive: Int? = nil
    /// `ForwardAgent yes`.
    public var forwardAgent = false
    /// `RemoteCommand`: herdr's attach of a session is `session`, any other command `command`.
    public var session: String? = nil
    public var command: String? = nil

    /// Where the alias was named: `line 7` or `~/.ssh/conf.d/work line 7`.
    public var location: String { file.map { "\($0) line \(line)" } ?? "line \(line)" }

    /// A registry entry called `name` with every setting of this alias (a missing `User` is
    /// `localUser`, as in ssh).
    public func host(named name: String, localUser: String) -> HostEntry {
        var host = HostEntry(name: name, hostname: Hostname.stripBrackets(hostname), user: user ?? localUser)
        apply(to: &host, localUser: localUser)
        host.session = session
        host.command = command
        return host
    }

    /// Gives `host` this alias's connection: address, account, keys, route, forwards, waits.
    /// Its name, herdr session, command, pins and other Drover settings stay.
    public func apply(to host: inout HostEntry, localUser: String) {
        host.hostname = Hostname.stripBrackets(hostname)
        host.port = port ?? HostEntry.defaultPort
        host.user = user ?? localUser
        host.identity = identityFiles.isEmpty ? nil : identityFiles
        host.identitiesOnly = identitiesOnly ? true : nil
        host.jump = jump
        host.proxyCommand = proxyCommand
        host.forward = forwards.isEmpty ? nil : forwards
        host.remoteForward = remoteForwards.isEmpty ? nil : remoteForwards
        host.forwardAgent = forwardAgent ? true : nil
        host.connectTimeout = connectTimeout
        host.keepalive = keepalive
    }
}

/// An alias the config names but that cannot be imported as it is written.
public struct SSHConfigSkip: Equatable, Sendable {
    public var alias: String
    /// Where the alias was named.
    public var location: String
    public var reason: String

    public init(alias: String, location: String, reason: String) {
        (self.alias, self.location, self.reason) = (alias, location, reason)
    }
}

/// What an ssh_config file yields: entries to import, aliases that cannot be, and notes on
/// lines that name no single computer or could not be followed.
public struct SSHConfigImport: Equatable, Sendable {
    public var entries: [SSHConfigEntry] = []
    public var skipped: [SSHConfigSkip] = []
    /// One sentence per pattern or Include that yields no host (wildcards, negations, missing files).
    public var notes: [String] = []

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
                entry.notCarriedOver += matchNotes(reader.matches, alias: alias, entry: entry)
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

    /// The Match blocks that may apply to `alias` (none whose host patterns rule it out).
    private static func matchNotes(_ matches: [SSHConfigMatch], alias: String, entry: SSHConfigEntry) -> [String] {
        matches.filter { $0.mayApply(alias: alias, hostname: entry.hostname) }.map(\.note)
    }

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
        let characters = Array(alias.lowercased())
        let statements = index.candidates(for: alias.lowercased()).map { blocks[$0] }
            .filter { $0.applies(to: characters) }.flatMap(\.settings)
        return SSHConfigSettings.entry(alias: alias, statements).mapError { Problem(text: $0.text) }
    }

    /// Resolves any `name` (an alias or not) against the config `text` and its includes, as
    /// ssh would for `ssh NAME`, with Drover's own reader: the fallback when no OpenSSH client
    /// is installed. Match blocks are not evaluated; an Include that loops is an error here.
    public static func resolve(name: String, text: String, files: SSHConfigFiles,
                               identity: String? = nil) -> Result<SSHConfigEntry, SSHConfigProblem> {
        var reader = SSHConfigReader(files: files)
        reader.read(text, identity: identity)
        if let loop = reader.notes.first(where: { $0.hasSuffix("it includes itself") }) {
            return .failure(SSHConfigProblem(text: "an Include loops: \(loop)"))
        }
        return resolve(name, in: reader.blocks, index: SSHConfigBlockIndex(reader.blocks))
            .map { entry in
                var entry = entry
                entry.notCarriedOver += matchNotes(reader.matches, alias: name, entry: entry)
                return entry
            }
            .mapError { SSHConfigProblem(text: $0.text) }
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
}

/// Why a config cannot be used for a name: the line and what is wrong with it.
public struct SSHConfigProblem: Error, Equatable, Sendable, CustomStringConvertible {
    public let text: String
    public var description: String { text }
}
