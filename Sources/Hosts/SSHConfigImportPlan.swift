#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What importing a parsed ssh_config does to a registry: one entry per destination (aliases
/// with the same settings, `Host a b c`, become one entry and its `aliases`), unless its name
/// is taken or it would be a twin of an entry that was there before (so importing twice adds
/// nothing). Every setting Drover has an equivalent for is carried (`SSHConfigEntry.host`).
/// Pure: the caller decides whether the changed list is written (`--dry-run` does not).
public struct SSHConfigImportPlan: Equatable, Sendable {
    public struct Added: Equatable, Sendable {
        public var host: HostEntry
        /// Settings of the alias that the entry does not carry (see `SSHConfigEntry`).
        public var notCarriedOver: [String]
    }

    public var added: [Added] = []
    /// Aliases not imported: those the config writes in a way Drover cannot use, then those
    /// the registry refuses.
    public var skipped: [SSHConfigSkip] = []

    /// Adds `parsed`'s entries to `list`; a missing `User` becomes `localUser`. `algorithms`
    /// reads each algorithm line: its weak names become the host's `legacyAlgorithms`, the
    /// rest is listed as not carried over (by default, every such line).
    /// `follow`: each entry follows its Host (`HostEntry.sshConfig`), so later edits of the
    /// config apply at each attach; the values stored are those of the import.
    public static func apply(_ parsed: SSHConfigImport, to list: inout HostList, localUser: String, now: Date,
                             follow: Bool = false,
                             algorithms: (SSHConfigAlgorithmLine) -> SSHConfigAlgorithmReading = { _ in .notRead })
        -> SSHConfigImportPlan {
        var plan = SSHConfigImportPlan(skipped: parsed.skipped)
        let before = list
        let hopNames = hopNames(parsed, in: list, localUser: localUser, now: now)
        // One entry per destination: aliases whose settings are all the same join the first.
        var destinations: [(host: HostEntry, entry: SSHConfigEntry, notes: [String])] = []
        for entry in mainNameOrder(parsed.entries) {
            var host = entry.host(named: entry.alias, localUser: localUser)
            host.jump = entry.jump?.map { hop in JumpHop(hop)?.mayBeName == true ? hopNames[hop] ?? hop : hop }
            var notCarriedOver = entry.notCarriedOver
            var legacy: [String] = []
            for line in entry.algorithmLines {
                let reading = algorithms(line)
                legacy += reading.allow.filter { !legacy.contains($0) }
                if let note = reading.note(for: line) { notCarriedOver.append(note) }
            }
            if !legacy.isEmpty { host.legacyAlgorithms = legacy }
            var unnamed = host
            unnamed.name = ""
            if let index = destinations.firstIndex(where: { var d = $0.host; d.name = ""; d.aliases = nil; return d == unnamed }) {
                if list.isTaken(entry.alias) || destinations.contains(where: { $0.host.answers(to: entry.alias) }) {
                    plan.skipped.append(SSHConfigSkip(alias: entry.alias, location: entry.location,
                                                      reason: "a host with that name is already registered"))
                } else {
                    destinations[index].host.aliases = (destinations[index].host.aliases ?? []) + [entry.alias]
                }
                continue
            }
            destinations.append((host, entry, notCarriedOver))
        }
        for (host, entry, notCarriedOver) in destinations {
            func skip(_ reason: String) {
                plan.skipped.append(SSHConfigSkip(alias: entry.alias, location: entry.location, reason: reason))
            }
            if list.isTaken(host.name) {
                skip("a host with that name is already registered")
            } else if let twin = before.twin(of: host) {
                skip("\(host.attachDescription) is already registered as '\(twin.name)'")
            } else {
                var host = host
                if follow { host.sshConfig = entry.alias }
                do {
                    try list.add(host, now: now, allowingTwins: true)
                    plan.added.append(Added(host: list.hosts[list.hosts.count - 1], notCarriedOver: notCarriedOver))
                } catch let error as HostValidationError {
                    skip("\(error.field) '\(HostValidationError.printable(error.value))' is not allowed: \(error.rule)")
                } catch {
                    skip("\(error)")
                }
            }
        }
        return plan
    }

    /// The entries in the order their names are chosen: names on the given file's own Host
    /// lines first, in line order, then those of included files in reading order. So of
    /// `Host box boxalias` in ~/.ssh/config and `Host inc` in an included file naming the same
    /// destination, the entry is 'box' (with aliases boxalias and inc), wherever the Include is.
    static func mainNameOrder(_ entries: [SSHConfigEntry]) -> [SSHConfigEntry] {
        entries.filter { $0.file == nil } + entries.filter { $0.file != nil }
    }

    /// What a ProxyJump hop naming an alias of the file must say after the import: the alias
    /// if it is imported under that name, the registry entry it duplicates if it is skipped as
    /// one, else its own `user@HostName:Port` (a bare alias would otherwise be looked up as a
    /// DNS name with the local user when connecting).
    private static func hopNames(_ parsed: SSHConfigImport, in list: HostList, localUser: String,
                                 now: Date) -> [String: String] {
        var trial = list
        var names: [String: String] = [:]
        for entry in parsed.entries {
            // The whole route counts: a ProxyCommand host is not a twin of a direct one.
            let host = entry.host(named: entry.alias, localUser: localUser)
            if !trial.isTaken(host.name), list.twin(of: host) == nil, (try? trial.add(host, now: now, allowingTwins: true)) != nil {
                names[entry.alias] = entry.alias
            } else if let twin = list.twin(of: host) {
                names[entry.alias] = twin.name
            } else {
                names[entry.alias] = JumpHop("\(host.user)@\(host.hostname.contains(":") ? "[\(host.hostname)]" : host.hostname):\(host.port)")?
                    .description ?? entry.alias
            }
        }
        return names
    }
}
