import Files
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hosts
import Identity
import SSH

/// What Drover does to reach one target, decided before any connection: the endpoint, the
/// kinds of credential in the order they are tried, which identity files, and which pin files
/// vouch for the host key. `RemoteConnection.open` follows it; `drover doctor` prints it.
public struct ConnectionPlan {
    public let endpoint: SSHEndpoint
    /// Credential kinds in order (the host's `auth`, with identity files after the key kinds).
    public let order: [SSHCredentials.Kind]
    /// Identity files as written (`~/.ssh/id_ed25519`) and as opened.
    public let identityFiles: [(display: String, path: String)]
    /// True when the host names its files (`--identity`): a missing one is worth a note, and
    /// they are offered before the device key.
    public let identityNamed: Bool
    /// Only identity files are offered (`--identities-only`, ssh_config's IdentitiesOnly).
    public let identitiesOnly: Bool
    /// The registry entry (target or jump host), whose remembered key goes first and is
    /// updated after a login; nil for an address without one.
    public let host: HostEntry?
    /// How a fix names the target on the command line (`mac`, `ann@mac:22`).
    let commandLineName: String
    /// Where the registry is, for remembering the key that logged in.
    let root: DroverRoot
    public let agentSocket: String?
    /// Drover's own pins, which it writes.
    public let pins: KnownHosts
    /// OpenSSH's `~/.ssh/known_hosts`, read only; nil when turned off.
    public let openSSHPins: KnownHosts?
    /// Weak algorithms proposed to this host after the modern ones (ADR 0021).
    public let legacyAlgorithms: [String]
    /// How a server offering only weak algorithms is told to allow them for this host.
    let legacySetting: LegacyAlgorithmsSetting
    /// The target's ProxyCommand, expanded (`AttachTarget.proxyCommand`): run for each
    /// connection, with `environment`, and SSH spoken over its stdin and stdout; nil: TCP.
    public let proxyCommand: String?
    /// The environment a ProxyCommand runs with (Drover's own).
    let environment: [String: String]
    /// The host as the person named it (`quits`, `ann@mac:22`), for a ProxyCommand's failure.
    let displayName: String

    public init(target: AttachTarget, root: DroverRoot, environment: [String: String], options: SSHOptions) {
        // A host made for this run (ssh_config, one-off flags) has no entry to advise an edit of.
        let entry = target.isRegistered ? target.host : nil
        self.init(endpoint: target.endpoint, auth: target.host?.auth ?? AuthMethod.defaultOrder,
                  identity: target.host?.identity, sshKnownHosts: target.host?.sshKnownHosts,
                  legacy: target.legacyAlgorithms,
                  setting: entry.map { .registered(name: $0.name) } ?? .address(target.endpoint, attach: target.attachArguments,
                                                                                    register: target.registerArguments),
                  identitiesOnly: target.identitiesOnly || target.host?.identitiesOnly == true, host: entry,
                  commandLineName: entry?.name ?? target.endpoint.description,
                  proxyCommand: target.proxyCommand, displayName: target.displayName,
                  root: root, environment: environment, options: options)
    }

    /// A jump host's plan: the same steps as a target's, with the hop's own settings.
    public init(jump: JumpRoute, root: DroverRoot, environment: [String: String], options: SSHOptions) {
        self.init(endpoint: jump.endpoint, auth: jump.auth, identity: jump.identity, sshKnownHosts: jump.sshKnownHosts,
                  legacy: jump.legacyAlgorithms,
                  setting: jump.isRegistered ? .registered(name: jump.name) : .addressHop(jump.endpoint),
                  identitiesOnly: jump.host?.identitiesOnly == true, host: jump.host, commandLineName: jump.name,
                  root: root, environment: environment, options: options)
    }

    init(endpoint: SSHEndpoint, auth: [AuthMethod], identity: [String]?, sshKnownHosts: Bool?,
         legacy: [String] = [], setting: LegacyAlgorithmsSetting? = nil,
         identitiesOnly: Bool = false, host: HostEntry? = nil, commandLineName: String? = nil,
         proxyCommand: String? = nil, displayName: String? = nil,
         root: DroverRoot, environment: [String: String], options: SSHOptions) {
        self.endpoint = endpoint
        self.displayName = displayName ?? commandLineName ?? endpoint.description
        self.proxyCommand = proxyCommand
        self.environment = environment
        legacyAlgorithms = legacy
        legacySetting = setting ?? .address(endpoint, attach: endpoint.description, register: endpoint.description)
        self.identitiesOnly = identitiesOnly
        self.host = host
        self.commandLineName = commandLineName ?? endpoint.description
        self.root = root
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? FileManager.default.homeDirectoryForCurrentUser.path
        order = Self.credentialOrder(auth)
        identityNamed = identity != nil
        identityFiles = (identity ?? PrivateKeyFile.defaultPaths).map {
            (display: $0, path: PrivateKeyFile.expand($0, home: home))
        }
        agentSocket = environment["SSH_AUTH_SOCK"].flatMap { $0.isEmpty ? nil : $0 }
        pins = KnownHosts(root: root)
        openSSHPins = HostKeyTrust.openSSHKnownHosts(
            home: home, enabled: options.readsOpenSSHKnownHosts && sshKnownHosts != false)
    }

    /// The host's auth preference (`drover hosts edit NAME --auth agent,password`) as the order
    /// SSH tries credentials in; a method left out is never tried. Identity files come right
    /// after the last key kind (device key or agent), as ssh tries files after the agent; a
    /// host that allows no key is not offered them either.
    static func credentialOrder(_ preference: [AuthMethod]) -> [SSHCredentials.Kind] {
        var kinds: [SSHCredentials.Kind] = preference.map { method in
            switch method {
            case .deviceKey: return .privateKeys
            case .agent: return .agent
            case .password: return .prompt
            }
        }
        if let last = kinds.lastIndex(where: { $0 == .privateKeys || $0 == .agent }) {
            kinds.insert(.identityFiles, at: last + 1)
        }
        return kinds
    }

    /// The identity files that exist and read as keys; `note` hears about a named file that is
    /// missing and any file that is not a key, by path only.
    public func loadIdentityFiles(note: (String) -> Void) -> [PrivateKeyFile] {
        identityFiles.compactMap { file in
            do {
                guard let loaded = try PrivateKeyFile.load(path: file.path, displayPath: file.display) else {
                    if identityNamed { note("\(file.display): no such identity file; skipped.") }
                    return nil
                }
                return loaded
            } catch {
                note("\(file.display) skipped: \(error)")
                return nil
            }
        }
    }

    /// The credentials to log in with: the device key, the agent, the identity files, and
    /// `prompt` for passwords and passphrases; the host's remembered key goes first.
    public func credentials(deviceKey: DeviceKey, prompt: ((SSHAuthPrompt) -> String?)?,
                            note: @escaping (String) -> Void) -> SSHCredentials {
        var credentials = SSHCredentials(privateKeys: [SSHPrivateKey(deviceKey: deviceKey)], agentSocketPath: agentSocket,
                                         prompt: prompt, order: order)
        if order.contains(.identityFiles) { credentials.identityFiles = loadIdentityFiles(note: note) }
        credentials.identitiesOnly = identitiesOnly
        credentials.identityFilesFirst = identityNamed
        credentials.rememberedKey = rememberedKey
        credentials.note = note
        return credentials
    }

    /// The key that last logged in to the registry host, as the registry says now (a
    /// reconnect in the same run sees what the first login remembered).
    public var rememberedKey: String? {
        guard let host else { return nil }
        let current = (try? HostStore(root: root).load())?.named(host.name)
        return current.map { $0.hasSameAccount(as: host) ? $0.lastKey : nil } ?? host.lastKey
    }

    /// The host key policy: Drover's pins, then OpenSSH's file, then `ask`. The question names
    /// the registry's host key file, if any, and when the host is this computer reached
    /// `direct`ly (no hop before it), that file's fingerprint as read here.
    public func trust(note: @escaping (String) -> Void, direct: Bool = false, pinsOpenSSHMatch: Bool = true,
                      ask: @escaping (UnknownHostKey) -> Bool) -> HostKeyTrust {
        let file = host?.hostKeyFile
        let here = direct && proxyCommand == nil && LocalHostKeyFile.isThisComputer(endpoint.host)
        return HostKeyTrust(knownHosts: pins, openSSH: openSSHPins, note: note, pinsOpenSSHMatch: pinsOpenSSHMatch, ask: { unknown in
            var unknown = unknown
            unknown.keyFile = file
            switch here ? file.flatMap(LocalHostKeyFile.read) : nil {
            case .key(let key): unknown.keyFileHere = key
            case .refused(let why): unknown.keyFileNotRead = why
            case nil: break
            }
            return ask(unknown)
        })
    }

    /// `options` offering first the host key types pinned for this endpoint, and this host's
    /// weak algorithms after the modern ones.
    public func connectOptions(_ options: SSHOptions) throws -> SSHOptions {
        var options = options
        options.legacyAlgorithms = legacyAlgorithms
        return try options.preferringPins(in: pins, also: openSSHPins, host: endpoint.host, port: endpoint.port)
    }
}
