import Hosts
import Sessions

/// Turns a HOST argument into what attach, doctor and ssh-check connect to: a registry name
/// or alias (an entry that follows an ssh_config Host takes its settings now), else what
/// `ssh HOST` would reach through ~/.ssh/config (`SSHConfigLookup`), else `user@host[:port]`;
/// then the one-off flags. Jump hosts named by the config are resolved through it too. A
/// target's ProxyCommand is run at connect time (`AttachTarget.proxyCommand`).
struct TargetResolver {
    private let list: HostList
    private let lookup: SSHConfigLookup
    private let flags: ConnectionFlags?
    private let localUser: String
    /// What the config says that Drover does not honour, by target name (doctor lists it).
    private(set) var notHonoured: [String: [String]] = [:]

    init(list: HostList, lookup: SSHConfigLookup, flags: ConnectionFlags?, localUser: String = LocalUser.name) {
        self.list = list
        self.lookup = lookup
        self.flags = flags
        self.localUser = localUser
    }

    mutating func resolve(_ text: String) throws -> AttachTarget {
        var hosts = list.hosts
        var host: HostEntry
        var registered = false
        if let entry = list.named(text) {
            host = entry
            registered = true
            if let follow = entry.sshConfig { try read(follow, for: text, into: &host) }
        } else if text.contains("@") || text.contains(":") || !lookup.hasConfig || !Hostname.isValid(text) {
            // An address, or a name without a config to look it up in: as before this lookup.
            let plain = try Self.resolvePlain(text, in: hosts, localUser: localUser)
            if let entry = plain.host {
                host = entry
                registered = true
            } else {
                host = HostEntry(name: text, hostname: plain.endpoint.host, port: plain.endpoint.port, user: plain.endpoint.user)
                if lookup.hasConfig { try readAddress(text, into: &host) }
            }
        } else {
            let entry = try lookup.entry(for: text)
            host = entry.host(named: text, localUser: localUser)
            notHonoured[text] = entry.notCarriedOver
        }
        flags?.apply(to: &host)
        for hop in host.jumpHops where hop.mayBeName && !hosts.contains(where: { $0.answers(to: hop.host) }) && lookup.hasConfig {
            let hopHost = try lookup.entry(for: hop.host).host(named: hop.host, localUser: localUser)
            try Self.refuseProxyCommand(hopHost, hopOf: host.name)
            hosts.append(hopHost)
        }
        // One-off flags (-p, -l, -J ...) change the address: it is no longer the bare text.
        if !registered, flags?.arguments.isEmpty != false,
           host == HostEntry(name: text, hostname: host.hostname, port: host.port, user: host.user),
           hosts.count == list.hosts.count {
            return try AttachTarget.resolve(text, in: list.hosts, localUser: localUser)   // nothing but the address
        }
        if let index = hosts.firstIndex(where: { $0.name == host.name }) { hosts[index] = host } else { hosts.append(host) }
        var target = try AttachTarget.resolve(host.name, in: hosts, localUser: localUser)
        target.isRegistered = registered
        target.oneOffArguments = flags?.arguments ?? []
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

    /// A jump host that is itself reached with a ProxyCommand is refused by name, never
    /// connected to directly: Drover runs a ProxyCommand only for the target's first link.
    static func refuseProxyCommand(_ hop: HostEntry, hopOf target: String) throws {
        guard let command = hop.proxyCommand else { return }
        throw SSHConfigLookupError(text: "\(target) goes through the jump host \(hop.name), which is reached with ProxyCommand "
                                   + "'\(command)'; Drover runs a ProxyCommand only for the host it attaches, not for a jump "
                                   + "host: name a jump host Drover reaches directly (ProxyJump in ~/.ssh/config, or -J HOST)")
    }
}
