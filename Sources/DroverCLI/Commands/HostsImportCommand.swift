#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Files
import Hosts
import SSH

/// `drover hosts import-ssh-config [FILE | -] [--dry-run]`: adds the hosts an OpenSSH client
/// config names.
enum HostsImportCommand {
    static let command = Command(
        "import-ssh-config", summary: "add the hosts named in an OpenSSH client config",
        usage: "hosts import-ssh-config [FILE | -] [--dry-run]",
        details: """
            Reads Host, HostName, User, Port, IdentityFile, IdentitiesOnly, ProxyJump, ProxyCommand,
            LocalForward, RemoteForward, ConnectTimeout, ServerAliveInterval, ForwardAgent and
            RemoteCommand from FILE (default ~/.ssh/config; - reads standard input), following Include
            lines (globs allowed; relative paths are in ~/.ssh, as for ssh). For ~/.ssh/config with an
            OpenSSH client installed, each name's settings are what 'ssh -G NAME' gives (Match blocks
            included), and each entry follows its Host as 'drover hosts add NAME --ssh-config HOST'
            does: later edits of the config apply at each attach; the session, prediction, paste and
            pins stay in the entry. Another FILE or - is copied, not followed. Each destination becomes
            one host: 'Host a b' gives host a with alias b ('drover attach b' attaches a); its name is
            the first name on the file's own Host lines, then those of included files. A host whose
            name is already in the registry, or that would attach exactly what an existing entry
            attaches (same account, session, command and route), is skipped, so importing twice adds
            nothing. IdentityFile lines all apply, as in ssh (~/ and %d are expanded when connecting).
            'ProxyCommand ssh -W %h:%p HOP' becomes the jump host HOP; any other ProxyCommand, like a
            RemoteCommand, is kept exactly as written (the rest of the line, quotes and all) and run by
            attach. RemoteCommand 'herdr session attach S' becomes the herdr session S. The weak
            algorithms a KexAlgorithms, HostKeyAlgorithms, Ciphers or MACs line adds (+aes128-cbc, say)
            become the host's --legacy-algorithms; what such a line removes or leaves out is not
            followed (Drover offers its modern ones to every host), and is listed with the reason. A
            ProxyJump hop that names another Host of the file becomes the registry host it was imported
            as (or user@HostName:Port when that host was skipped). Settings Drover does not carry over
            are listed under each host they apply to (with Drover's own reader, Match blocks too:
            a Match whose host patterns rule a host out is not listed under it); wildcard and negated
            patterns are noted. --dry-run shows the result without changing the registry.
            """,
        options: [OptionSpec("dry-run", help: "show what would be added and skipped; write nothing")],
        action: { args, ctx in
            if args.positionals.count > 1 { throw UsageError("unexpected argument '\(args.positionals[1])'") }
            let home = ctx.environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? FileManager.default.homeDirectoryForCurrentUser.path
            let files = SSHConfigFiles(home: home)
            let source = args.positionals.first ?? files.sshDirectory + "/config"
            var parsed = try read(source, files: files, ctx: ctx)
            // Only ~/.ssh/config is what attach reads, so only its entries follow their Host.
            let follow = source != "-" && standardized(source, home: home) == standardized(files.sshDirectory + "/config", home: home)
            let lookup = SSHConfigLookup(environment: ctx.environment)
            if follow, lookup.ssh != nil { evaluate(&parsed, with: lookup) }
            let dryRun = args.flag("dry-run")
            let store = HostStore(root: ctx.root)
            let plan: SSHConfigImportPlan
            if dryRun {
                var list = try store.load()
                plan = SSHConfigImportPlan.apply(parsed, to: &list, localUser: LocalUser.name, now: Date(), follow: follow,
                                                 algorithms: reading)
            } else {
                plan = try store.modify { list, now in
                    SSHConfigImportPlan.apply(parsed, to: &list, localUser: LocalUser.name, now: now, follow: follow,
                                              algorithms: reading)
                }
            }
            report(plan, notes: parsed.notes, source: source == "-" ? "standard input" : source, dryRun: dryRun,
                   how: follow ? (lookup.ssh != nil ? followedBySSH : followedByReader) : copied, ctx: ctx)
            return 0
        })

    static let followedBySSH = "Settings read with ssh -G (OpenSSH's own evaluation, Match blocks included). "
        + "Each entry follows its Host in ~/.ssh/config: later edits there apply at each attach."
    static let followedByReader = "Settings read with Drover's reader (no ssh on PATH, so Match blocks are not evaluated). "
        + "Each entry follows its Host in ~/.ssh/config: later edits there apply at each attach."
    static let copied = "Settings copied: these entries do not follow this file (attach reads only ~/.ssh/config); "
        + "import again after editing it."

    /// Replaces each name's settings by what `ssh -G NAME` gives (as attach resolves it), so an
    /// import never makes a working name worse (Match blocks, tokens, defaults). A name ssh
    /// refuses is skipped with ssh's reason. The algorithm lines stay the file's own: ssh -G
    /// prints its full default lists, which are not what the person wrote.
    static func evaluate(_ parsed: inout SSHConfigImport, with lookup: SSHConfigLookup) {
        parsed.entries = parsed.entries.compactMap { written in
            do {
                var live = try lookup.entry(for: written.alias)
                (live.line, live.file, live.algorithmLines) = (written.line, written.file, written.algorithmLines)
                return live
            } catch {
                parsed.skipped.append(SSHConfigSkip(alias: written.alias, location: written.location, reason: "\(error)"))
                return nil
            }
        }
    }

    /// An algorithm line as this libssh2 can follow it (`SSHConfigAlgorithms`).
    static func reading(_ line: SSHConfigAlgorithmLine) -> SSHConfigAlgorithmReading {
        guard let kind = SSHConfigAlgorithms.kind(ofKeyword: line.keyword) else { return .notRead }
        let read = SSHConfigAlgorithms.read(line.value, kind: kind)
        return SSHConfigAlgorithmReading(allow: read.allow, unfollowed: read.unfollowed)
    }

    /// The parsed config at `source` (`-` is standard input).
    static func read(_ source: String, files: SSHConfigFiles, ctx: CommandContext) throws -> SSHConfigImport {
        if source == "-" {
            let bytes = ctx.readAll(limit: SSHConfigFiles.maxBytes)
            guard bytes.count <= SSHConfigFiles.maxBytes else {
                throw UsageError("standard input is larger than \(SSHConfigFiles.maxBytes / 1024) KiB; "
                                 + "give an ssh config file, not a larger stream")
            }
            return SSHConfigImport.parse(String(decoding: bytes, as: UTF8.self), files: files)
        }
        switch SSHConfigImport.parse(file: source, files: files) {
        case .success(let parsed): return parsed
        case .failure(let problem):
            throw FileError(path: source, reason: "\(problem)",
                            advice: "Give the path of an ssh config file, or - to read one from standard input.")
        }
    }

    /// The carried settings worth a line each, in a fixed order.
    static func settingLines(_ host: HostEntry) -> [String] {
        var lines: [String] = []
        if let aliases = host.aliases {
            lines.append("names: \(([host.name] + aliases).joined(separator: ", ")) -> one entry '\(host.name)' "
                         + "(same destination; the first name on the file's own Host lines wins)")
        }
        if let identity = host.identity { lines.append("identity: \(identity.joined(separator: ", "))") }
        if host.identitiesOnly == true { lines.append("identities only") }
        if let command = host.proxyCommand { lines.append("proxy command: \(command) (run by attach to reach the host)") }
        if let forward = host.forward { lines.append("forwards: \(forward.joined(separator: ", "))") }
        if let remote = host.remoteForward { lines.append("remote forwards: \(remote.joined(separator: ", "))") }
        if host.forwardAgent == true { lines.append("agent forwarding") }
        if let seconds = host.connectTimeout { lines.append("connect timeout: \(seconds) s") }
        if let seconds = host.keepalive { lines.append("keepalive: \(seconds) s") }
        if let session = host.session { lines.append("herdr session: \(session)") }
        if let command = host.command { lines.append("command: \(command)") }
        return lines
    }

    /// `how`: one sentence on where the settings came from and whether the entries follow it.
    static func report(_ plan: SSHConfigImportPlan, notes: [String], source: String, dryRun: Bool, how: String,
                       ctx: CommandContext) {
        for added in plan.added {
            let through = added.host.jump.map { " through \($0.joined(separator: ","))" } ?? ""
            ctx.print("\(dryRun ? "would add" : "added") \(added.host.name): \(added.host.account)\(through)")
            for line in settingLines(added.host) { ctx.print("  " + line) }
            if let legacy = added.host.legacyAlgorithms {
                ctx.print("  legacy algorithms: \(legacy.joined(separator: ",")) (weak; allowed by the config)")
            }
            if !added.notCarriedOver.isEmpty {
                ctx.print("  not carried over: \(added.notCarriedOver.joined(separator: ", "))")
            }
        }
        for skip in plan.skipped { ctx.print("skipped \(skip.alias) (\(skip.location)): \(skip.reason)") }
        for note in notes { ctx.print("note: \(note)") }
        if !plan.added.isEmpty { ctx.print(how) }
        let counts = "\(plan.added.count) \(dryRun ? "would be added" : "added"), \(plan.skipped.count) skipped"
        ctx.print(dryRun ? "\(counts) (\(source); dry run, nothing written)" : "\(counts) (\(source))")
    }

    /// `path` as `NSString.standardizingPath` made it for this comparison: `~/` expanded to
    /// `home`, slashes fixed, `.` and `..` taken out.
    private static func standardized(_ path: String, home: String) -> String {
        PathText.standardized(path.hasPrefix("~/") ? home + path.dropFirst() : path)
    }
}
