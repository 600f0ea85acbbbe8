#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hosts
import Identity

/// The one-off flags `attach` and `doctor` take as ssh does (`-J`, `-i`, `-p`, `-l`, and `--auth`): they
/// change how a HOST is reached this time, whatever the registry or ~/.ssh/config says, and
/// are never stored. Command-line values win over the config's, as in ssh.
struct ConnectionFlags {
    static let specs: [OptionSpec] = [
        OptionSpec("jump", short: "J", value: "HOST[,HOST...]",
                   help: "connect through these jump hosts this time, first hop first (as ssh -J)"),
        OptionSpec("identity", short: "i", value: "FILE", repeatable: true,
                   help: "also log in with this key file this time, before the host's own (as ssh -i)"),
        OptionSpec("port", short: "p", value: "PORT", help: "connect to this SSH port this time (as ssh -p)"),
        OptionSpec("login", short: "l", value: "USER", help: "log in as USER this time (as ssh -l)"),
        OptionSpec("auth", value: "LIST", help: "try only these auth methods this time, in order, e.g. device-key or agent,password"),
    ]

    private(set) var jump: [String]?
    private(set) var identity: [String] = []
    private(set) var port: Int?
    private(set) var user: String?
    private(set) var auth: [AuthMethod]?
    /// These flags as `attach` takes them (`-J box -p 2222`), for advice that must reach the
    /// same host again (a reattach hint, doctor's next step).
    private(set) var arguments: [String] = []

    init(_ args: ParsedArguments) throws {
        if let raw = args.value("jump") {
            do {
                jump = try JumpHop.parseList(raw).map(\.description)
            } catch let error as HostValidationError {
                throw UsageError("--jump: \(error.problem)")
            }
        }
        identity = try args.values("identity").map(HostsFieldOptions.absoluteIdentity)
        port = try args.int("port", in: 1...65535)
        if let user = args.value("login") {
            do { try HostRules.checkUser(user) } catch let error as HostValidationError {
                throw UsageError("--login: \(error.problem)")
            }
            self.user = user
        }
        if let raw = args.value("auth") { auth = try HostsFieldOptions.authMethods(raw) }
        var words: [String] = []
        if let jump { words += ["-J", jump.joined(separator: ",")] }
        for file in identity { words += ["-i", file] }
        if let port { words += ["-p", String(port)] }
        if let user { words += ["-l", user] }
        if let raw = args.value("auth") { words += ["--auth", raw] }
        arguments = words
    }

    /// The flags of `args`, with a note on stderr for each `-i` file that is not there (ssh
    /// warns too and goes on: login skips it), so a typo is seen before the connection.
    static func read(_ args: ParsedArguments, ctx: CommandContext) throws -> ConnectionFlags {
        let flags = try ConnectionFlags(args)
        let home = ctx.environment["HOME"]
        for file in flags.identity where ![file, file + ".pub"].contains(where: {
            FileManager.default.fileExists(atPath: PrivateKeyFile.expand($0, home: home))
        }) {
            ctx.printError("note: the identity file \(file) (-i) does not exist; login goes on without it.")
        }
        return flags
    }

    /// Whether these flags say how to reach a typed address (`-J`, `-i`, `-p`, `-l`): then no
    /// registry entry of that address lends it its session or settings; the flags win.
    var decidesRoute: Bool { jump != nil || !identity.isEmpty || port != nil || user != nil }

    /// Gives `host` these flags for this run. `-J` replaces any route (a ProxyCommand too).
    func apply(to host: inout HostEntry) {
        if let jump {
            host.jump = jump
            host.proxyCommand = nil
        }
        if !identity.isEmpty { host.identity = identity + (host.identity ?? []).filter { !identity.contains($0) } }
        if let port { host.port = port }
        if let user { host.user = user }
        if let auth { host.auth = auth }
    }
}
