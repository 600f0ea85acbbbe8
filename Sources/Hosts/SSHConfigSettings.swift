/// Turns the statements that apply to one name into an `SSHConfigEntry`, the same way for
/// both sources: Drover's own reader (the file's lines) and `ssh -G` (OpenSSH's evaluation,
/// one line per setting). The first value of a keyword wins, as in ssh; `IdentityFile`,
/// `LocalForward` and `RemoteForward` collect every value.
enum SSHConfigSettings {
    /// The keywords whose values Drover uses; everything else is listed as not carried over.
    static let used: Set<String> = [
        "hostname", "user", "port", "identityfile", "identitiesonly", "proxyjump", "proxycommand", "localforward",
        "connecttimeout", "serveraliveinterval", "serveralivecountmax", "forwardagent", "remotecommand", "remoteforward",
    ]

    /// Keywords whose value is the rest of the line as written, unsplit and with its quotes
    /// (OpenSSH readconf.c `parse_command`): ProxyCommand, RemoteCommand, LocalCommand,
    /// KnownHostsCommand. Splitting them into words would drop the quotes the shell needs.
    static let restOfLine: Set<String> = ["proxycommand", "remotecommand", "localcommand", "knownhostscommand"]

    struct Problem: Error { let text: String }

    /// `statements` in the order they apply. `noted` says whether an unused keyword is listed
    /// (the own reader lists every one; `ssh -G` prints every default, so its caller picks).
    static func entry(alias: String, _ statements: [SSHConfigStatement],
                      noted: (SSHConfigStatement) -> Bool = { _ in true }) -> Result<SSHConfigEntry, Problem> {
        var first: [String: SSHConfigStatement] = [:]
        var entry = SSHConfigEntry(alias: alias, hostname: alias, user: nil, port: nil, line: 0)
        var forwards: [SSHConfigStatement] = []
        var remoteForwards: [SSHConfigStatement] = []
        var route: String?
        for s in statements {
            if route == nil, s.keyword == "proxyjump" || s.keyword == "proxycommand" { route = s.keyword }
            switch s.keyword {
            case "identityfile":
                if let path = SSHConfigImport.identityPath(s.arguments) {
                    if !entry.identityFiles.contains(path) { entry.identityFiles.append(path) }
                } else if s.arguments.map({ $0.lowercased() }) != ["none"] {
                    entry.notCarriedOver.append("\(s.spelling) (\(s.location): only ~/ and %d are expanded)")
                }
            case "localforward":
                forwards.append(s)
            case "remoteforward":
                remoteForwards.append(s)
            case "sendenv":
                // Debian's system-wide `SendEnv LANG LC_*` asks for what every attach offers.
                let asked = s.arguments.filter { !ForwardedEnvironment.covers(sendEnvPattern: $0) }
                if !asked.isEmpty, noted(s) {
                    entry.notCarriedOver.append(s.line == 0 ? "\(s.spelling) \(asked.joined(separator: " "))" : "\(s.spelling) (\(s.location))")
                }
            case _ where used.contains(s.keyword) || SSHConfigAlgorithmLine.keywords.contains(s.keyword):
                if first[s.keyword] == nil { first[s.keyword] = s }
            default:
                if first[s.keyword] == nil, noted(s) {
                    entry.notCarriedOver.append(s.line == 0 ? "\(s.spelling) \(text(s))" : "\(s.spelling) (\(s.location))")
                }
                if first[s.keyword] == nil { first[s.keyword] = s }
            }
        }
        do {
            try readAddress(first, alias: alias, into: &entry)
            try readRoute(first, jumpFirst: route == "proxyjump", into: &entry)
            try readSession(first, into: &entry)
            entry.forwards = try forwards.compactMap { try forward($0, notes: &entry.notCarriedOver) }
            entry.remoteForwards = try remoteForwards.compactMap { try remoteForward($0, notes: &entry.notCarriedOver) }
        } catch let problem as Problem {
            return .failure(problem)
        } catch {
            return .failure(Problem(text: "\(error)"))
        }
        entry.algorithmLines = SSHConfigAlgorithmLine.keywords.compactMap { first[$0] }.map {
            SSHConfigAlgorithmLine(keyword: $0.keyword, spelling: $0.spelling, value: $0.arguments.joined(separator: " "),
                                   location: $0.location)
        }
        return .success(entry)
    }

    /// The value as shown and stored: a command as written, any other value its words.
    private static func text(_ s: SSHConfigStatement) -> String {
        restOfLine.contains(s.keyword) ? s.rest : s.arguments.joined(separator: " ")
    }

    private static func readAddress(_ first: [String: SSHConfigStatement], alias: String, into entry: inout SSHConfigEntry) throws {
        if let s = first["hostname"] {
            guard s.arguments.count == 1 else {
                throw Problem(text: "\(s.location): HostName '\(text(s))' has a space in it; a host name is one word: correct that line")
            }
            guard let expanded = expandTokens(s.arguments[0], alias: alias) else {
                throw Problem(text: "\(s.location): HostName '\(text(s))' uses tokens other than %h and %%")
            }
            entry.hostname = expanded
        }
        if let s = first["user"] {
            guard s.arguments.count == 1 else {
                throw Problem(text: "\(s.location): User '\(text(s))' has a space in it; a user name is one word: "
                              + "correct that line")
            }
            guard !s.arguments[0].contains("%") else {
                throw Problem(text: "\(s.location): User '\(text(s))' uses tokens, which are not expanded")
            }
            entry.user = s.arguments[0]
        }
        if let s = first["port"] {
            guard s.arguments.count == 1, let port = Int(s.arguments[0]), (1...65535).contains(port) else {
                throw Problem(text: "\(s.location): Port '\(text(s))' is not a number from 1 to 65535")
            }
            entry.port = port
        }
        if let s = first["identitiesonly"] { entry.identitiesOnly = try yesNo(s) }
        if let s = first["forwardagent"] {
            switch s.arguments.map({ $0.lowercased() }) {
            case ["yes"]: entry.forwardAgent = true
            case ["no"]: break
            default: entry.notCarriedOver.append("\(s.spelling) \(text(s)) (\(s.location): only yes or no)")
            }
        }
        entry.connectTimeout = try seconds(first["connecttimeout"])
        entry.keepalive = try seconds(first["serveraliveinterval"])
        if let s = first["serveralivecountmax"], text(s) != "3" {
            entry.notCarriedOver.append("\(s.spelling) \(text(s)) (\(s.location): Drover gives up after 3 probes)")
        }
    }

    /// ProxyJump, or a ProxyCommand (`ssh -W %h:%p HOP` is the jump through HOP).
    /// ssh uses whichever of the two came first (`jumpFirst`); both are never in force.
    private static func readRoute(_ first: [String: SSHConfigStatement], jumpFirst: Bool,
                                  into entry: inout SSHConfigEntry) throws {
        if jumpFirst, let jump = first["proxyjump"] {
            let value = text(jump)
            guard value.lowercased() != "none" else { return }
            guard jump.arguments.count == 1, !value.contains("%"), let hops = try? JumpHop.parseList(value) else {
                throw Problem(text: "\(jump.location): ProxyJump '\(value)' is not a list of [user@]host[:port] without tokens")
            }
            entry.jump = hops.map(\.description)
        } else if let command = first["proxycommand"] {
            let value = text(command)
            guard value.lowercased() != "none" else { return }
            if let hop = jumpHop(command.arguments) {
                entry.jump = [hop]
            } else {
                entry.proxyCommand = value
            }
        }
    }

    /// HOP of `ssh [-q] -W %h:%p HOP` (also `[%h]:%p`), the ProxyCommand ssh users wrote
    /// before ProxyJump; nil for any other command.
    static func jumpHop(_ words: [String]) -> String? {
        let rest = words.filter { $0 != "-q" }
        guard rest.count == 4, rest[0] == "ssh" || rest[0].hasSuffix("/ssh"), rest[1] == "-W",
              rest[2] == "%h:%p" || rest[2] == "[%h]:%p", !rest[3].hasPrefix("-"), !rest[3].contains("%"),
              let hop = JumpHop(rest[3]) else { return nil }
        return hop.description
    }

    /// RemoteCommand: herdr's own attach command becomes the session, anything else the command.
    private static func readSession(_ first: [String: SSHConfigStatement], into entry: inout SSHConfigEntry) throws {
        guard let s = first["remotecommand"], text(s).lowercased() != "none" else { return }
        let words = s.arguments
        if words == ["herdr"] { return }
        if words.count == 4, words[0...2] == ["herdr", "session", "attach"], (try? HostRules.checkSession(words[3])) != nil {
            entry.session = words[3]
            return
        }
        guard (try? HostRules.checkCommand(text(s))) != nil else {
            throw Problem(text: "\(s.location): RemoteCommand '\(text(s))' cannot be a command (\(HostRules.commandRule))")
        }
        entry.command = text(s)
    }

    /// `LocalForward [BIND:]LPORT HOST:RPORT` as `ForwardSpec` text; a public BIND is noted, not used.
    private static func forward(_ s: SSHConfigStatement, notes: inout [String]) throws -> String? {
        guard s.arguments.count == 2, let spec = ForwardSpec("\(s.arguments[0]):\(s.arguments[1])") else {
            throw Problem(text: "\(s.location): LocalForward '\(text(s))' is not [BIND:]PORT HOST:PORT")
        }
        guard spec.isLoopback else {
            notes.append("\(s.spelling) \(text(s)) (\(s.location): listens where other computers can reach it; "
                         + "give it with --forward-public instead)")
            return nil
        }
        return spec.description
    }

    /// `RemoteForward [BIND:]PORT HOST:PORT` as `RemoteForwardSpec` text; the one-argument
    /// form (a SOCKS proxy on the host) is noted, not used.
    private static func remoteForward(_ s: SSHConfigStatement, notes: inout [String]) throws -> String? {
        if s.arguments.count == 1 {
            notes.append("\(s.spelling) \(text(s)) (\(s.location): a SOCKS proxy on the host, which Drover does not run)")
            return nil
        }
        guard s.arguments.count == 2, let spec = RemoteForwardSpec("\(s.arguments[0]):\(s.arguments[1])") else {
            throw Problem(text: "\(s.location): RemoteForward '\(text(s))' is not [BIND:]PORT HOST:PORT")
        }
        return spec.description
    }

    private static func yesNo(_ s: SSHConfigStatement) throws -> Bool {
        switch s.arguments.map({ $0.lowercased() }) {
        case ["yes"], ["true"]: return true
        case ["no"], ["false"]: return false
        default: throw Problem(text: "\(s.location): \(s.spelling) '\(text(s))' is not yes or no")
        }
    }

    /// A number of seconds, at most 600 (Drover's limit); 0 and `none` mean unset.
    private static func seconds(_ s: SSHConfigStatement?) throws -> Int? {
        guard let s, text(s).lowercased() != "none" else { return nil }
        guard s.arguments.count == 1, let value = Int(s.arguments[0]), value >= 0 else {
            throw Problem(text: "\(s.location): \(s.spelling) '\(text(s))' is not a number of seconds")
        }
        return value == 0 ? nil : min(value, 600)
    }

    /// `%h` becomes the alias and `%%` a percent sign; any other token gives nil.
    static func expandTokens(_ value: String, alias: String) -> String? {
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
