import Hosts

/// What `hosts list` and `hosts show` print for an entry that follows an ssh_config Host
/// (`HostEntry.sshConfig`): the connection settings the config gives now, read the way attach
/// reads them (`SSHConfigLookup`), not the copy stored when the entry was made, which goes
/// stale as soon as the config is edited.
enum FollowedHost {
    /// `host` with its Host's current settings; `problem` (the lookup's error) when the config
    /// cannot be read for it, and then the stored copy is returned.
    static func current(_ host: HostEntry, lookup: SSHConfigLookup) -> (host: HostEntry, problem: String?) {
        guard let follow = host.sshConfig else { return (host, nil) }
        var current = host
        do {
            try lookup.entry(for: follow).apply(to: &current, localUser: LocalUser.name)
            return (current, nil)
        } catch {
            return (host, "\(error)")
        }
    }

    /// Every entry of `hosts` as attach would see it now; the hosts whose config cannot be
    /// read keep their stored values.
    static func current(_ hosts: [HostEntry], environment: [String: String]) -> [HostEntry] {
        guard hosts.contains(where: { $0.sshConfig != nil }) else { return hosts }
        let lookup = SSHConfigLookup(environment: environment)
        return hosts.map { current($0, lookup: lookup).host }
    }
}
