#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TextSafety

/// One computer in the registry: where it is, who to log in as, and which herdr session to
/// attach. `name` is the handle used on the command line and is unique in the registry.
/// (Not `Host`: Foundation on Linux exports one, and every file had to say which it meant.)
public struct HostEntry: Codable, Equatable, Sendable {
    public var name: String
    /// DNS name, IPv4 address or IPv6 address (stored without brackets).
    public var hostname: String
    public var port: Int
    public var user: String
    public var platform: Platform
    /// The herdr session to attach; nil attaches herdr's default session.
    public var session: String?
    /// Replaces the attach command verbatim when set.
    public var command: String?
    /// Authentication methods to try, in order.
    public var auth: [AuthMethod]
    /// Whether the host's OSC 52 writes reach the local clipboard; nil means `write`.
    public var clipboard: ClipboardPolicy?
    /// Identity files to log in with (`--identity`, `~` allowed), offered before the device key
    /// (through the agent when it holds them); nil tries `~/.ssh/id_ed25519`, `id_ecdsa` and
    /// `id_rsa` after the device key, as ssh does (ADR 0013).
    public var identity: [String]?
    /// True when only the identity files are offered (`--identities-only`, ssh_config's
    /// `IdentitiesOnly yes`): no device key, no other agent key. nil means false.
    public var identitiesOnly: Bool?
    /// The `SHA256:` fingerprint of the public key that last logged in here (never a secret):
    /// offered first next time, so a full agent does not use up the server's tries.
    public var lastKey: String?
    /// False when `~/.ssh/known_hosts` must not vouch for this host's key (`--no-ssh-known-hosts`);
    /// nil means it may.
    public var sshKnownHosts: Bool?
    /// Echo prediction for this host; nil means `auto` (`drover attach --predict` overrides it).
    public var predict: PredictionMode?
    /// Whether pasted picture files and `ctrl+] v` upload to this host; nil means on (ADR 0016).
    public var pasteImages: Bool?
    /// Jump hosts to connect through, first hop first (`JumpHop` text); nil: a direct connection.
    public var jump: [String]?
    /// Local port forwards (`ForwardSpec` text) opened whenever this host is attached.
    public var forward: [String]?
    /// Remote port forwards (`RemoteForwardSpec` text, `--remote-forward`, ssh_config's
    /// RemoteForward) requested whenever this host is attached, again after each reconnect.
    public var remoteForward: [String]?
    /// True when a forward may listen on a non-loopback address (`--forward-public`).
    public var forwardPublic: Bool?
    /// Weak algorithms this host's server needs (`--legacy-algorithms`, ADR 0021), proposed
    /// after the modern ones; nil: modern ones only.
    public var legacyAlgorithms: [String]?
    /// True when the local ssh-agent is forwarded to this host while attached (`--forward-agent`);
    /// nil means off.
    public var forwardAgent: Bool?
    /// The prefix key while this host is attached first (`--prefix`, e.g. `ctrl+a`, as
    /// `PrefixKey.name` spells it); nil means `DROVER_PREFIX`'s or `ctrl+]`. Checked where it
    /// is parsed (Console's `PrefixKey`), which this module does not see.
    public var prefix: String?
    /// Other names this entry answers to (ssh_config's `Host box boxalias`: one destination,
    /// one entry); nil: none.
    public var aliases: [String]?
    /// The ssh_config name this entry follows (`Host` alias): its HostName, User, Port, keys,
    /// jumps and forwards are read from ~/.ssh/config at each attach; nil: the fields here.
    public var sshConfig: String?
    /// An ssh_config `ProxyCommand` that is not a plain `ssh -W %h:%p HOP` jump, kept so the
    /// host is never mistaken for a direct one; attach refuses it until Drover can run it.
    public var proxyCommand: String?
    /// Seconds to wait for this host to connect and greet (ssh_config's `ConnectTimeout`);
    /// nil: `--timeout` or 10.
    public var connectTimeout: Int?
    /// Seconds between keepalive probes (ssh_config's `ServerAliveInterval`); nil: `--keepalive` or 15.
    public var keepalive: Int?
    /// The shell a Windows host's sshd runs commands through, as the person set it
    /// (`--windows-shell`); never probed. nil: learned (`windowsShellSeen`), ADR 0032.
    public var windowsShell: WindowsShell?
    /// The shell Drover's probe found on this Windows host, kept so the probe runs once; probed
    /// again when an attach written for it fails. nil: not probed yet.
    public var windowsShellSeen: WindowsShell?
    /// The public key file on the host that holds the key its sshd serves (`--host-key-file`,
    /// e.g. the demo host's), which the trust question names; nil: it names where to look.
    public var hostKeyFile: String?
    /// When the host was added and last changed; nil in files written before times were kept.
    public var created: Date?
    public var updated: Date?

    public static let defaultPort = 22

    public init(name: String, hostname: String, port: Int = HostEntry.defaultPort, user: String,
                platform: Platform = .unix, session: String? = nil, command: String? = nil,
                auth: [AuthMethod] = AuthMethod.defaultOrder, created: Date? = nil, updated: Date? = nil) {
        self.name = name
        self.hostname = hostname
        self.port = port
        self.user = user
        self.platform = platform
        self.session = session
        self.command = command
        self.auth = auth
        self.created = created
        self.updated = updated
    }

    /// `user@host:port`, with IPv6 addresses in brackets.
    public var account: String {
        let host = hostname.contains(":") ? "[\(hostname)]" : hostname
        return "\(user)@\(host):\(port)"
    }

    /// The command the SSH channel runs: the override when set, else herdr's attach command.
    public var attachCommand: String {
        command ?? RemoteAttachCommand.herdr(platform: platform, session: session)
    }

    /// True when both hosts log in as the same user at the same address and port.
    public func hasSameAccount(as other: HostEntry) -> Bool {
        user == other.user && port == other.port
            && Hostname.canonical(hostname) == Hostname.canonical(other.hostname)
    }

    /// Drops what was learned by logging in when this entry no longer names `before`'s account
    /// (an edit of its address, port or user): the remembered key logged in somewhere else, and
    /// the probed Windows shell (ADR 0032) is another machine's.
    mutating func forgetLearned(unlessSameAccountAs before: HostEntry) {
        guard !hasSameAccount(as: before) else { return }
        lastKey = nil
        windowsShellSeen = nil
    }

    /// True when both entries would attach the same thing the same way: the same account, the
    /// same herdr session, the same command override and the same route (jump hops and
    /// ProxyCommand). Such twins are refused; entries that share an account but differ in
    /// session, command or route (`mac-work`, `mac-play`, `mac-via-bastion`) are welcome.
    public func isTwin(of other: HostEntry) -> Bool {
        hasSameAccount(as: other) && session == other.session && command == other.command
            && (jump ?? []) == (other.jump ?? []) && proxyCommand == other.proxyCommand
    }

    /// The account with what it attaches, for messages: `ann@mac:22, herdr session 'work'`,
    /// `ann@mac:22 via bastion with its command override`.
    public var attachDescription: String {
        let route = jump.map { " via \($0.joined(separator: ","))" } ?? proxyCommand.map { _ in " through its ProxyCommand" } ?? ""
        if command != nil { return "\(account)\(route) with its command override" }
        return session.map { "\(account)\(route), herdr session '\($0)'" } ?? "\(account)\(route), herdr's default session"
    }

    /// Checks every field; throws the first problem found, naming the field.
    public func validate() throws {
        try HostRules.checkName(name)
        try HostRules.checkHostname(hostname)
        try HostRules.checkPort(port)
        try HostRules.checkUser(user)
        if let session { try HostRules.checkSession(session) }
        if let command { try HostRules.checkCommand(command) }
        try HostRules.checkAuth(auth)
        for file in identity ?? [] { try HostRules.checkIdentity(file) }
        if let lastKey { try HostRules.checkKeyFingerprint(lastKey) }
        if let jump { try HostRules.checkJump(jump) }
        if let forward {
            do {
                _ = try ForwardSpec.parseAll(forward, allowPublic: forwardPublic == true)
            } catch ForwardSpecError.publicBind(let text) {
                // A field rule like the others, so a stored entry breaking it is set aside alone.
                throw HostValidationError(field: "forward", value: text, rule: ForwardSpecError.publicBindRule)
            }
        }
        if let remoteForward { _ = try RemoteForwardSpec.parseAll(remoteForward) }
        if let legacyAlgorithms { try HostRules.checkLegacyAlgorithms(legacyAlgorithms) }
        for alias in aliases ?? [] { try HostRules.checkName(alias) }
        if let sshConfig { try HostRules.checkName(sshConfig) }
        if let proxyCommand { try HostRules.checkCommand(proxyCommand) }
        if let connectTimeout { try HostRules.checkSeconds(connectTimeout, field: "connectTimeout") }
        if let keepalive { try HostRules.checkSeconds(keepalive, field: "keepalive") }
        if let hostKeyFile { try HostRules.checkHostKeyFile(hostKeyFile, windows: platform == .windows) }
    }

    /// True when `text` is this entry's name or one of its aliases.
    public func answers(to text: String) -> Bool {
        name == text || aliases?.contains(text) == true
    }

    private enum CodingKeys: String, CodingKey {
        case name, hostname, port, user, platform, session, command, auth, created, updated, clipboard
        case identity, sshKnownHosts, predict, pasteImages, jump, forward, forwardPublic, legacyAlgorithms, identitiesOnly, lastKey
        case forwardAgent, prefix, aliases, sshConfig, proxyCommand, connectTimeout, keepalive, remoteForward, hostKeyFile
        case windowsShell, windowsShellSeen
    }

    /// Reads a host; every field but `name` and `hostname` may be missing (older files).
    /// A missing `user` becomes the local user named in `decoder.userInfo[.localUser]`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decode(String.self, forKey: .name)
        hostname = try c.decode(String.self, forKey: .hostname)
        port = try c.decodeIfPresent(Int.self, forKey: .port) ?? HostEntry.defaultPort
        user = try c.decodeIfPresent(String.self, forKey: .user)
            ?? (decoder.userInfo[.localUser] as? String) ?? LocalUser.name
        platform = try c.decodeIfPresent(Platform.self, forKey: .platform) ?? .unix
        session = try c.decodeIfPresent(String.self, forKey: .session)
        command = try c.decodeIfPresent(String.self, forKey: .command)
        auth = try c.decodeIfPresent([AuthMethod].self, forKey: .auth) ?? AuthMethod.defaultOrder
        clipboard = try c.decodeIfPresent(ClipboardPolicy.self, forKey: .clipboard)
        pasteImages = try c.decodeIfPresent(Bool.self, forKey: .pasteImages)
        created = try c.decodeIfPresent(Date.self, forKey: .created)
        updated = try c.decodeIfPresent(Date.self, forKey: .updated)
        identity = try c.decodeIfPresent([String].self, forKey: .identity)
        sshKnownHosts = try c.decodeIfPresent(Bool.self, forKey: .sshKnownHosts)
        predict = try c.decodeIfPresent(PredictionMode.self, forKey: .predict)
        jump = try c.decodeIfPresent([String].self, forKey: .jump)
        forward = try c.decodeIfPresent([String].self, forKey: .forward)
        forwardPublic = try c.decodeIfPresent(Bool.self, forKey: .forwardPublic)
        legacyAlgorithms = try c.decodeIfPresent([String].self, forKey: .legacyAlgorithms)
        identitiesOnly = try c.decodeIfPresent(Bool.self, forKey: .identitiesOnly)
        lastKey = try c.decodeIfPresent(String.self, forKey: .lastKey)
        forwardAgent = try c.decodeIfPresent(Bool.self, forKey: .forwardAgent)
        prefix = try c.decodeIfPresent(String.self, forKey: .prefix)
        aliases = try c.decodeIfPresent([String].self, forKey: .aliases)
        sshConfig = try c.decodeIfPresent(String.self, forKey: .sshConfig)
        proxyCommand = try c.decodeIfPresent(String.self, forKey: .proxyCommand)
        connectTimeout = try c.decodeIfPresent(Int.self, forKey: .connectTimeout)
        keepalive = try c.decodeIfPresent(Int.self, forKey: .keepalive)
        remoteForward = try c.decodeIfPresent([String].self, forKey: .remoteForward)
        windowsShell = try c.decodeIfPresent(WindowsShell.self, forKey: .windowsShell)
        windowsShellSeen = try c.decodeIfPresent(WindowsShell.self, forKey: .windowsShellSeen)
        hostKeyFile = try c.decodeIfPresent(String.self, forKey: .hostKeyFile)
    }

    /// The parsed jump hosts (empty for a direct connection; `validate` checked them).
    public var jumpHops: [JumpHop] { (jump ?? []).compactMap(JumpHop.init) }
}

extension CodingUserInfoKey {
    /// The user name a host without a `user` field gets when decoded.
    public static let localUser = CodingUserInfoKey(rawValue: "drover.localUser")!
}

/// A way to authenticate to a host.
public enum AuthMethod: String, Codable, Sendable, CaseIterable {
    case deviceKey = "device-key"
    case agent
    case password

    /// Device key first, then the SSH agent, then a typed password.
    public static let defaultOrder: [AuthMethod] = [.deviceKey, .agent, .password]
}
