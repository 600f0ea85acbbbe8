#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The registry's entries and the rules that keep them consistent: every host valid, names
/// unique, and no two entries that attach the same thing (`HostEntry.isTwin`). Several entries may
/// share one computer when their herdr session or command differ. Pure; `HostStore` does the I/O.
public struct HostList: Equatable, Sendable {
    public private(set) var hosts: [HostEntry]
    /// Entries of the file that break a field rule (see `InvalidHostEntry`), in file order.
    public private(set) var invalid: [InvalidHostEntry]

    public init(_ hosts: [HostEntry] = [], invalid: [InvalidHostEntry] = []) {
        self.hosts = hosts
        self.invalid = invalid
    }

    /// The entry called `name`, else the one that has it as an alias.
    public func named(_ name: String) -> HostEntry? {
        hosts.first { $0.name == name } ?? hosts.first { $0.answers(to: name) }
    }

    /// The invalid entry called exactly `name`, if any.
    public func invalidNamed(_ name: String) -> InvalidHostEntry? {
        invalid.first { $0.name == name }
    }

    /// True when a valid or an invalid entry is called `name`.
    public func isTaken(_ name: String) -> Bool {
        named(name) != nil || invalidNamed(name) != nil
    }

    /// The entry that attaches exactly what `host` would, if any.
    public func twin(of host: HostEntry) -> HostEntry? {
        hosts.first { $0.isTwin(of: host) }
    }

    /// Adds a new host, stamping its times with `now`. `allowingTwins` is for the aliases of
    /// one ssh_config `Host` line, which name the same computer on purpose.
    public mutating func add(_ host: HostEntry, now: Date, allowingTwins: Bool = false) throws {
        try host.validate()
        try Self.checkSessionWithCommand(host)
        if isTaken(host.name) { throw HostStoreError.nameTaken(name: host.name) }
        if !allowingTwins, let twin = twin(of: host) {
            throw HostStoreError.twin(of: host, existing: twin)
        }
        var stamped = host
        stamped.created = now
        stamped.updated = now
        hosts.append(stamped)
    }

    /// Records `fingerprint` as the key that last logged in to the host called `name`, if that
    /// entry still names the same account as `account` (it may have been edited meanwhile).
    /// Not an edit by the person, so `updated` stays. True when the entry changed.
    @discardableResult
    public mutating func rememberKey(_ fingerprint: String, forHostNamed name: String, account: HostEntry) -> Bool {
        guard (try? HostRules.checkKeyFingerprint(fingerprint)) != nil,
              let index = hosts.firstIndex(where: { $0.name == name }), hosts[index].hasSameAccount(as: account),
              hosts[index].lastKey != fingerprint else { return false }
        hosts[index].lastKey = fingerprint
        return true
    }

    /// Records the shell the probe found on the Windows host called `name` (nil forgets it, so
    /// the next attach probes), if that entry still names the same account. Not an edit by the
    /// person, so `updated` stays. True when the entry changed.
    @discardableResult
    public mutating func rememberWindowsShell(_ shell: WindowsShell?, forHostNamed name: String, account: HostEntry) -> Bool {
        guard let index = hosts.firstIndex(where: { $0.name == name }), hosts[index].hasSameAccount(as: account),
              hosts[index].windowsShellSeen != shell else { return false }
        hosts[index].windowsShellSeen = shell
        return true
    }

    /// Replaces the host called `name` with `host` (which may carry a new name). An invalid
    /// entry is replaced too, when `host` passes every rule; it then takes its place in the file.
    @discardableResult
    public mutating func replace(named name: String, with host: HostEntry, now: Date) throws -> HostEntry {
        guard let index = hosts.firstIndex(where: { $0.name == name }) else { return try replaceInvalid(named: name, with: host, now: now) }
        try host.validate()
        try Self.checkSessionWithCommand(host)
        let others = hosts.indices.filter { $0 != index }.map { hosts[$0] }
        if others.contains(where: { $0.name == host.name }) || (host.name != name && invalidNamed(host.name) != nil) {
            throw HostStoreError.nameTaken(name: host.name)
        }
        // Aliases imported together may already be twins; an edit may keep that, not create it.
        if let twin = others.first(where: { $0.isTwin(of: host) && !$0.isTwin(of: hosts[index]) }) {
            throw HostStoreError.twin(of: host, existing: twin)
        }
        var stamped = host
        stamped.created = hosts[index].created
        stamped.updated = now
        stamped.forgetLearned(unlessSameAccountAs: hosts[index])
        hosts[index] = stamped
        return stamped
    }

    /// A command override runs instead of herdr's attach command, so a session beside it would
    /// be unused, and the entry could be a working twin of one for the same account.
    static func checkSessionWithCommand(_ host: HostEntry) throws {
        if host.session != nil && host.command != nil { throw HostStoreError.sessionWithCommand(name: host.name) }
    }

    @discardableResult
    public mutating func remove(named name: String) throws -> HostEntry {
        guard let index = hosts.firstIndex(where: { $0.name == name }) else { throw HostStoreError.notFound(name: name) }
        for i in invalid.indices where invalid[i].position > index { invalid[i].position -= 1 }
        return hosts.remove(at: index)
    }

    /// Removes the invalid entry called exactly `name`.
    @discardableResult
    public mutating func removeInvalid(named name: String) throws -> InvalidHostEntry {
        guard let index = invalid.firstIndex(where: { $0.name == name }) else { throw HostStoreError.notFound(name: name) }
        return invalid.remove(at: index)
    }

    private mutating func replaceInvalid(named name: String, with host: HostEntry, now: Date) throws -> HostEntry {
        guard let index = invalid.firstIndex(where: { $0.name == name }) else { throw HostStoreError.notFound(name: name) }
        try host.validate()
        try Self.checkSessionWithCommand(host)
        if named(host.name) != nil || invalid.indices.contains(where: { $0 != index && invalid[$0].name == host.name }) {
            throw HostStoreError.nameTaken(name: host.name)
        }
        if let twin = twin(of: host) { throw HostStoreError.twin(of: host, existing: twin) }
        var stamped = host
        stamped.created = invalid[index].entry.created
        stamped.updated = now
        stamped.forgetLearned(unlessSameAccountAs: invalid[index].entry)
        let at = min(invalid[index].position, hosts.count)
        hosts.insert(stamped, at: at)
        invalid.remove(at: index)
        for i in invalid.indices.dropFirst(index) where invalid[i].position >= at { invalid[i].position += 1 }
        return stamped
    }

    /// What `upsert` did.
    public enum UpsertOutcome: Equatable, Sendable {
        case added(HostEntry)
        /// The entry for the same account and session was updated in place; it keeps its name.
        case updated(HostEntry)
    }

    /// Adds `host`, or, when an entry for the same user@host:port and the same herdr session
    /// exists, updates that entry (keeping its name, creation time, auth preference and any
    /// command override the new host does not set). An entry for another session of the
    /// same computer is left alone. A new host whose name is taken gets the first free
    /// `NAME-2`, `NAME-3`, ...
    public mutating func upsert(_ host: HostEntry, now: Date) throws -> UpsertOutcome {
        if let existing = hosts.first(where: { $0.hasSameAccount(as: host) && $0.session == host.session }) {
            var merged = host
            merged.name = existing.name
            merged.command = host.command ?? existing.command
            merged.auth = existing.auth
            return .updated(try replace(named: existing.name, with: merged, now: now))
        }
        var fresh = host
        fresh.name = freeName(like: host.name)
        try add(fresh, now: now)
        return .added(hosts[hosts.count - 1])
    }

    /// `base` when unused, else `base-2`, `base-3`, ... (shortened to stay within 64 bytes).
    public func freeName(like base: String) -> String {
        if !isTaken(base) { return base }
        var n = 2
        while true {
            let suffix = "-\(n)"
            let candidate = String(decoding: base.utf8.prefix(64 - suffix.utf8.count), as: UTF8.self) + suffix
            if !isTaken(candidate) { return candidate }
            n += 1
        }
    }
}
