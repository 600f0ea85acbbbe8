#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Console
import Hosts
import SSH
import TextSafety

/// The options `hosts add` and `hosts edit` share, and how they change a host.
enum HostsFieldOptions {
    static let specs: [OptionSpec] = [
        OptionSpec("port", short: "p", value: "PORT", help: "SSH port (default 22)"),
        OptionSpec("user", short: "u", value: "USER", help: "login name (default: your local user name)"),
        OptionSpec("platform", value: "unix|windows", help: "how herdr is started on the host (default unix)"),
        OptionSpec("windows-shell", value: "cmd|powershell|auto",
                   help: "the shell a Windows host's sshd runs commands through (DefaultShell; pwsh is powershell); default auto: probed once"),
        OptionSpec("session", short: "s", value: "SESSION", help: "herdr session to attach (default: herdr's default session)"),
        OptionSpec("command", value: "CMD", help: "run CMD instead of the herdr attach command, verbatim"),
        OptionSpec("auth", value: "LIST", help: "auth methods in order, e.g. device-key,agent,password"),
        OptionSpec("clipboard", value: "write|off", help: "let the host's programs set your clipboard (OSC 52; default write)"),
        OptionSpec("identity", short: "i", value: "FILE", repeatable: true,
                   help: "log in with this key file too (repeatable; default ~/.ssh/id_ed25519, id_ecdsa, id_rsa; a .pub file: the ssh-agent signs)"),
        OptionSpec("identities-only",
                   help: "offer only the --identity files (through the ssh-agent when it holds them), as ssh's IdentitiesOnly"),
        OptionSpec("no-ssh-known-hosts", help: "never take this host's key from ~/.ssh/known_hosts; ask instead"),
        OptionSpec("predict", value: "auto|always|never",
                   help: "draw typed keys before the host echoes them (default auto: when the round trip is over 30 ms)"),
        OptionSpec("paste-images", value: "on|off",
                   help: "upload pasted picture files and ctrl+] v's picture to ~/.cache/drover-paste (default on)"),
        OptionSpec("jump", short: "J", value: "HOST[,HOST...]",
                   help: "connect through these jump hosts, first hop first: registry names or user@host[:port] (as ssh -J)"),
        OptionSpec("forward", short: "L", value: "[BIND:]LPORT:HOST:RPORT", repeatable: true,
                   help: "while attached, carry connections to local port LPORT to HOST:RPORT as the host sees it (as ssh -L)"),
        OptionSpec("forward-public", help: "allow a forward to listen on an address other computers can reach"),
        OptionSpec("remote-forward", short: "R", value: "[BIND:]RPORT:HOST:LPORT", repeatable: true,
                   help: "while attached, have the host listen on port RPORT and carry each connection to HOST:LPORT here (as ssh -R)"),
        legacyAlgorithmsSpec(help: "also offer these weak algorithms to this host, after the modern ones"),
        OptionSpec("forward-agent",
                   help: "forward your ssh-agent to this host while attached, as ssh -A (off by default: see below)"),
        OptionSpec("prefix", value: "KEY",
                   help: "Drover's prefix key when this host is attached first: ctrl+LETTER or ctrl+] \\ ^ _ @ (default ctrl+])"),
        OptionSpec("ssh-config", value: "NAME",
                   help: "follow this ~/.ssh/config Host: its address, user, port, keys, jumps and forwards, read at each attach"),
        OptionSpec("host-key-file", value: "FILE",
                   help: "the .pub file on the host holding the key its sshd serves; the trust question names it (default: where to look)"),
    ]

    /// `--legacy-algorithms`, for hosts add/edit, attach and doctor (ADR 0021).
    static func legacyAlgorithmsSpec(help: String) -> OptionSpec {
        OptionSpec("legacy-algorithms", value: "NAME[,NAME...]",
                   help: help + " (e.g. aes128-cbc,hmac-sha1; 'drover doctor' lists them)")
    }

    /// The checked `--legacy-algorithms` names, or nil when the option is not given.
    static func legacyAlgorithms(_ args: ParsedArguments) throws -> [String]? {
        guard let raw = args.value("legacy-algorithms") else { return nil }
        do { return try LegacyAlgorithmList.parse(raw) } catch { throw UsageError(error.description) }
    }

    /// What `--legacy-algorithms` does, for the help of hosts add/edit and attach.
    static let legacyAlgorithmsNote = """
        Every host is offered OpenSSH's modern algorithms only, with strict key exchange: no CBC,
        3DES or RC4 ciphers, no SHA-1 or MD5 MACs, no SHA-1 key exchange, no SHA-1 ssh-rsa or DSA
        host keys ('drover doctor' lists what is offered). --legacy-algorithms NAME[,NAME...]
        also offers the named weak ones to this host, after the modern ones, for an old server
        that has nothing better ('hosts edit' replaces the host's list; 'drover doctor' lists the
        names); 'drover doctor HOST' then names a weak algorithm in use. A server that offers
        only weak ones is refused with the names it needs and the command that allows them.
        """

    /// What `--forward-agent` does and why it is off by default, for the help of hosts
    /// add/edit and attach.
    static let agentForwardingNote = """
        --forward-agent lets programs on the host use the ssh-agent named by your SSH_AUTH_SOCK
        (ssh-add -l, git push with your keys), as ssh -A does. It is off by default because
        while you are attached any process on that host, including another user's with root,
        can use your keys through it. Only the host gets the agent, never its jump hosts.
        """

    /// Applies every field option present in `args` to `host`. Returns whether any was given.
    @discardableResult
    static func apply(_ args: ParsedArguments, to host: inout HostEntry) throws -> Bool {
        var changed = false
        if let hostname = args.value("host") {
            host.hostname = Hostname.stripBrackets(hostname)
            changed = true
        }
        if let port = try args.int("port", in: 1...65535) {
            host.port = port
            changed = true
        }
        if let user = args.value("user") {
            host.user = user
            changed = true
        }
        if let raw = args.value("platform") {
            guard let platform = Platform(rawValue: raw.lowercased()) else {
                throw UsageError("--platform must be unix or windows, not '\(raw)'")
            }
            host.platform = platform
            changed = true
        }
        if let raw = args.value("windows-shell") {
            try applyWindowsShell(raw, to: &host)
            changed = true
        }
        if let session = args.value("session") {
            host.session = session
            changed = true
        }
        if let command = args.value("command") {
            host.command = command
            changed = true
        }
        if let raw = args.value("auth") {
            host.auth = try authMethods(raw)
            changed = true
        }
        if let raw = args.value("clipboard") {
            do { host.clipboard = try ClipboardPolicy.parse(raw) } catch { throw UsageError("\(error)") }
            changed = true
        }
        if args.flag("identity") {
            host.identity = try args.values("identity").map(absoluteIdentity)
            changed = true
        }
        if args.flag("identities-only") {
            host.identitiesOnly = true
            changed = true
        }
        if args.flag("no-ssh-known-hosts") {
            host.sshKnownHosts = false
            changed = true
        }
        if let raw = args.value("predict") {
            host.predict = try predictSetting(raw)
            changed = true
        }
        if let raw = args.value("paste-images") {
            do { host.pasteImages = try PasteImagesSetting.parse(raw) } catch { throw UsageError("\(error)") }
            changed = true
        }
        if let raw = args.value("prefix") {
            do { host.prefix = try PrefixKey(parsing: raw).name } catch { throw UsageError("--prefix: \(error.description)") }
            changed = true
        }
        if !args.values("forward").isEmpty || args.flag("forward-public") {
            let allowPublic = args.flag("forward-public")
            let texts = args.values("forward").isEmpty ? (host.forward ?? []) : args.values("forward")
            host.forward = try forwards(texts, allowPublic: allowPublic).map(\.description)
            host.forwardPublic = allowPublic ? true : nil
            changed = true
        }
        if !args.values("remote-forward").isEmpty {
            host.remoteForward = try remoteForwards(args.values("remote-forward")).map(\.description)
            changed = true
        }
        if let names = try legacyAlgorithms(args) {
            host.legacyAlgorithms = names
            changed = true
        }
        if args.flag("forward-agent") {
            host.forwardAgent = true
            changed = true
        }
        if let name = args.value("ssh-config") {
            do { try HostRules.checkName(name) } catch let error as HostValidationError {
                throw UsageError("--ssh-config: \(error.problem)")
            }
            host.sshConfig = name
            changed = true
        }
        if let file = args.value("host-key-file") {
            do { try HostRules.checkHostKeyFile(file, windows: host.platform == .windows) } catch let error as HostValidationError {
                throw UsageError("--host-key-file: \(error.problem)")
            }
            host.hostKeyFile = file
            changed = true
        }
        if let raw = args.value("jump") {
            do {
                host.jump = try JumpHop.parseList(raw).map(\.description)
            } catch let error as HostValidationError {
                throw UsageError("--jump: \(error.problem)")
            }
            changed = true
        }
        return changed
    }

    /// `--windows-shell`: a shell the person names is used as is; `auto` forgets both it and the
    /// probed one, so the next attach probes (ADR 0032).
    private static func applyWindowsShell(_ raw: String, to host: inout HostEntry) throws {
        let name = raw.lowercased()
        guard host.platform == .windows else {
            throw UsageError("--windows-shell is for Windows hosts, and \(host.name) is a \(host.platform.rawValue) host; "
                             + "add --platform windows if it runs Windows")
        }
        if name == "auto" {
            host.windowsShell = nil
            host.windowsShellSeen = nil
            return
        }
        guard let shell = WindowsShell(rawValue: name == "pwsh" ? "powershell" : name) else {
            throw UsageError("--windows-shell must be cmd, powershell or auto, not '\(raw)'")
        }
        host.windowsShell = shell
    }

    /// `--auth LIST` for hosts and the one-off flags alike.
    static func authMethods(_ raw: String) throws -> [AuthMethod] {
        try raw.split(separator: ",", omittingEmptySubsequences: false).map { item in
            let name = item.trimmingSpaces().lowercased()
            guard let method = AuthMethod(rawValue: name) else {
                throw UsageError("--auth takes device-key, agent and password separated by commas, not '\(item)'")
            }
            return method
        }
    }

    /// `--predict` for hosts and attach alike.
    static func predictSetting(_ raw: String) throws -> PredictionMode {
        guard let setting = PredictionMode(argument: raw) else {
            throw UsageError("--predict takes auto, always or never, not '\(raw)'")
        }
        return setting
    }

    /// `--remote-forward` values, for hosts add/edit and attach; a bad one is a usage error
    /// naming it as typed (`-R 'foo:bar'`), not by the registry's field name.
    static func remoteForwards(_ texts: [String]) throws -> [RemoteForwardSpec] {
        do {
            return try RemoteForwardSpec.parseAll(texts)
        } catch let error as HostValidationError {
            throw UsageError("-R '\(HostValidationError.printable(error.value))' is not allowed: \(error.rule)")
        }
    }

    /// Parses `--forward` values; a bad one is a usage error naming it.

    static func forwards(_ texts: [String], allowPublic: Bool) throws -> [ForwardSpec] {
        do {
            return try ForwardSpec.parseAll(texts, allowPublic: allowPublic)
        } catch let error as HostValidationError {
            throw UsageError("--forward: \(error.problem)")
        } catch let error as ForwardSpecError {
            throw UsageError(error.description)
        }
    }

    /// An `--identity` path as stored: attach may run from any directory, so a relative path is
    /// made absolute from where it was given; `~/` stays (expanded when connecting).
    static func absoluteIdentity(_ path: String) throws -> String {
        if path.hasPrefix("/") || path.hasPrefix("~/") || path.allSatisfy(\.isWhitespace) { return path }
        if path.hasPrefix("~") {
            throw UsageError("--identity '\(path)': only ~/ is expanded; give the key file's full path")
        }
        return URL(fileURLWithPath: path).standardized.path
    }
}
