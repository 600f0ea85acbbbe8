import Foundation

/// What importing a parsed ssh_config does to a registry: every alias becomes an entry, even
/// several aliases of one computer (`Host a b c` gives three), unless its name is taken or it
/// would be a twin of an entry that was there before (so importing twice adds nothing).
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

    /// Adds `parsed`'s entries to `list`; a missing `User` becomes `localUser`.
    public static func apply(_ parsed: SSHConfigImport, to list: inout HostList, localUser: String,
                             now: Date) -> SSHConfigImportPlan {
        var plan = SSHConfigImportPlan(skipped: parsed.skipped)
        let before = list
        for entry in parsed.entries {
            var host = HostEntry(name: entry.alias, hostname: Hostname.stripBrackets(entry.hostname),
                                 port: entry.port ?? HostEntry.defaultPort, user: entry.user ?? localUser)
            if !entry.identityFiles.isEmpty { host.identity = entry.identityFiles }
            host.jump = entry.jump
            func skip(_ reason: String) {
                plan.skipped.append(SSHConfigSkip(alias: entry.alias, location: entry.location, reason: reason))
            }
            if list.isTaken(host.name) {
                skip("a host with that name is already registered")
            } else if let twin = before.twin(of: host) {
                skip("\(host.account) is already registered as '\(twin.name)'")
            } else {
                do {
                    try list.add(host, now: now, allowingTwins: true)
                    plan.added.append(Added(host: list.hosts[list.hosts.count - 1], notCarriedOver: entry.notCarriedOver))
                } catch let error as HostValidationError {
                    skip("\(error.field) '\(HostValidationError.printable(error.value))' is not allowed: \(error.rule)")
                } catch {
                    skip("\(error)")
                }
            }
        }
        return plan
    }
}
