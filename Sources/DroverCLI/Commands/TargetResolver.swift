import Hosts
import Sessions
import SSH

/// Turns a HOST argument into what attach, doctor and ssh-check connect to: a registry name
/// or alias (an entry that follows an ssh_config Host takes its settings now), else what
/// `ssh HOST` would reach through ~/.ssh/config (`SSHConfigLookup`), else `user@host[:port]`;
/// then the one-off flags. A bare name nothing maps is an address, as for ssh, once it
/// resolves (`nameLookup`); one that does not is `UnresolvedHostName`. Jump hosts named by the config are resolved through it too. A
/// target's ProxyCommand is run at connect time (`AttachTarget.proxyCommand`).
struct TargetResolver {
    private let list: HostList
    private let lookup: SSHConfigLookup
    private let flags: ConnectionFlags?
    private let localUser: String
    /// nil when a name resolves to an address, else why not (tests give their own).
    private let nameLookup: (String) -> String?
    /// What the config says that Drover does not honour, by target name (doctor lists it).
    private(set) var notHonoured: [String: [String]] = [:]
    /// Notes on doubtful input that is still used (a bare jump word no registry entry or Host
    /// block names), for stderr before connecting.
    private(set) var notes: [String] = []

    init(list: HostList, lookup: SSHConfigLookup, flags: ConnectionFlags?, localUser: String = LocalUser.name,
         nameLookup: @escaping (String) -> String? = HostNameLookup.failure(of:)) {
        self.list = list
        self.nameLookup = nameLookup
        self.lookup = lookup
        self.flags = flags
        self.localUser = localUser
    }

    mutating func resolve(_ text: String) throws -> AttachTarget {
        var hosts = list.hosts
        var host: HostEntry
        var registered = false, fromConfig = false
        if let entry = list.named(text) {
            host = entry
            registered = true
            if let follow = entry.sshConfig { try read(follow, for: text, into: &host) }
        } else if text.contains("@") || text.contains(":") || !Hostname.isValid(text) {
            // An address: its own account and port, the config's other settings for its host.
            // As ssh: a direct connection to it. With -J/-i/-p/-l the flags decide, and no entry's session is taken.
            let plain = try Self.resolvePlain(text, in: flags?.decidesRoute == true ? [] : hosts, localUser: localUser)
            if let entry = plain.host {
                host = entry
                registered = true
            } else {
                host = HostEntry(name: text, hostname: plain.endpoint.host, port: plain.endpoint.port, user: plain.endpoint.user)
                if lookup.hasConfig { try readAddress(text, into: &host) }
            }
        } else if lookup.hasConfig {
            let entry = try lookup.entry(for: text)
            host = entry.host(named: text, localUser: localUser)
            fromConfig = true
            notHonoured[text] = entry.notCarriedOver
        } else {
            host = HostEntry(name: text, hostname: text, user: localUser)   // ssh's defaults, with no config
        }
        flags?.apply(to: &host)
        // A name nothing maps to another address is connected to as it is written, as ssh does
        // (which lowercases it): refused here when it does not resolve, with the registry names
        // it may be a typo of.
        // A registered host's own address keeps that entry's settings (below), resolvable here or not.
        // One that resolves but is close to a registry name is still connected to, with a note.
        var nearMiss: String?
        if !registered, host.hostname.lowercased() == text.lowercased(), host.proxyCommand == nil, host.jumpHops.isEmpty,
           !list.hosts.contains(where: { $0.hasSameAccount(as: host) }) {
            if let reason = nameLookup(text) {
                throw UnresolvedHostName(text: text, known: list.hosts.map(\.name), configNames: lookup.hostNames,
                                         reason: reason, config: lookup.hasUserConfig)
            }
            nearMiss = Suggestion.closest(to: text, among: list.hosts.map(\.name))
        }
        for hop in host.jumpHops where hop.mayBeName && !hosts.contains(where: { $0.answers(to: hop.host) }) {
            let configNames = lookup.hostNames
            // A bare word given to -J this time (a dotted name or an address is meant as one).
            if flags?.jump != nil, !hop.host.contains("."), !hop.host.contains(":"), !configNames.contains(hop.host) {
                notes.append(Self.unknownHopNote(hop.host, among: hosts.map(\.name) + configNames))
            }
            guard lookup.hasConfig else { continue }
            let hopHost = try lookup.entry(for: hop.host).host(named: hop.host, localUser: localUser)
            try Self.refuseProxyCommand(hopHost, hopOf: host.name)
            hosts.append(hopHost)
        }
        // Nothing but the address as typed (the config's defaults, `Host *`, aside): the registry's
        // entry of the same account keeps its settings, its jump hosts included.
        if !registered, flags?.arguments.isEmpty != false, hosts.count == list.hosts.count, text.contains(".") || text.contains("@") || text.contains(":") || text == "localhost",
           let typed = SSHEndpoint.parse(text, defaultUser: localUser),
           host == HostEntry(name: text, hostname: typed.host, port: typed.port, user: typed.user)
            || (host.proxyCommand == nil && host.jumpHops.isEmpty && list.hosts.contains(where: { $0.hasSameAccount(as: host) })) {
            var target = try AttachTarget.resolve(text, in: list.hosts, localUser: localUser)
            target.nearMiss = nearMiss
            return target
        }
        // Advice registers a host the config gave as following that Host (`registerArguments`).
        if fromConfig && !registered { host.sshConfig = text }
        if let index = hosts.firstIndex(where: { $0.name == host.name }) { hosts[index] = host } else { hosts.append(host) }
        var target = try AttachTarget.resolve(host.name, in: hosts, localUser: localUser)
        target.isRegistered = registered
        target.oneOffArguments = flags?.arguments ?? []
        target.nearMiss = nearMiss
        return target
    }

    /// A registry name or an address; text that is meant as an address but is not one
    /// (`u@h:99999`, `user@`, `u@[::1`) is refused with what is wrong with it, not as an unknown name.
    private static func resolvePlain(_ text: String, in hosts: [HostEntry], localUser: String) throws -> AttachTarget {
        do {
            return try AttachTarget.resolve(text, in: hosts, localUser: localUser)
        } catch AttachTargetError.unknown where text.contains("@") || text.contains(":") || text.contains("[") {
            _ = try AddressArgument.parse(text)
            throw AttachTargetError.unknown(text, known: hosts.map(\.name))
        }
    }

    /// An entry that follows an ssh_config Host takes its connection settings now.
    private mutating func read(_ follow: String, for name: String, into host: inout HostEntry) throws {
        let entry = try lookup.entry(for: follow)
        entry.apply(to: &host, localUser: localUser)
        notHonoured[name] = entry.notCarriedOver
    }

    /// `user@host[:port]` not in the registry: the config's settings for HOST, the typed user
    /// and port winning (as `ssh -p PORT user@host` would have it).
    private mutating func readAddress(_ text: String, into host: inout HostEntry) throws {
        let address = try AddressArgument.parse(text)
        let (user, port) = (host.user, host.port)
        let entry = try lookup.entry(for: address.host)
        entry.apply(to: &host, localUser: localUser)
        host.session = entry.session
        host.command = entry.command
        if address.user != nil { host.user = user }
        if address.port != nil { host.port = port }
        notHonoured[text] = entry.notCarriedOver
    }

    /// The note for a bare jump word that names no registered host and no ~/.ssh/config Host:
    /// it is dialled as a host name, as the reference says; a close name is offered.
    static func unknownHopNote(_ hop: String, among names: [String]) -> String {
        let close = Suggestion.closest(to: hop, among: names).map { " Did you mean '\($0)'?" } ?? ""
        return "note: the jump host '\(hop)' is neither a registered host nor a Host in ~/.ssh/config, "
            + "so it is used as a host name.\(close)"
    }

    /// A jump host that is itself reached with a ProxyCommand is refused by name, never
    /// connected to directly: Drover runs a ProxyCommand only for the target's first link.
    static func refuseProxyCommand(_ hop: HostEntry, hopOf target: String) throws {
        guard let command = hop.proxyCommand else { return }
        throw SSHConfigLookupError(text: "\(target) goes through the jump host \(hop.name), which is reached with ProxyCommand "
                                   + "'\(command)'; Drover runs a ProxyCommand only for the host it attaches, not for a jump "
                                   + "host: name a jump host Drover reaches directly (ProxyJump in ~/.ssh/config, or -J HOST)")
    }
}
