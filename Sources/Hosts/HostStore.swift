import LibC
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Files

/// The host registry on disk: `hosts.json` in the Drover root, 0600, written atomically.
/// Every change holds an advisory lock (`hosts.json.lock`) from read to write, so processes
/// editing at once take turns and lose nothing. A file that cannot be read, or one written
/// by a newer Drover, is never overwritten: the error names it and a copy is kept beside it.
/// Entries that are well-formed but break a field rule load as `HostList.invalid` and are
/// written back byte for byte, so one bad entry never locks out the rest.
public struct HostStore: Sendable {
    public let root: DroverRoot
    private let clock: @Sendable () -> Date
    private let localUser: String

    public init(root: DroverRoot, localUser: String = LocalUser.name,
                clock: @escaping @Sendable () -> Date = { Date() }) {
        self.root = root
        self.localUser = localUser
        self.clock = clock
    }

    public var path: String { root.file("hosts.json") }
    var lockPath: String { root.file("hosts.json.lock") }

    /// The registry as it is now (empty when there is no file yet).
    public func load() throws -> HostList {
        guard let data = try AtomicFile.readTrusted(path) else { return HostList() }
        switch HostsFile.decode(data, localUser: localUser) {
        case .success(let list):
            return list
        case .failure(.unreadable(let problem)):
            throw HostStoreError.unreadable(path: path, problem: problem, keptCopy: try keepCopy(of: data, tag: "corrupt"))
        case .failure(.newer(let version)):
            throw HostStoreError.newerVersion(path: path, version: version, keptCopy: try keepCopy(of: data, tag: "newer"))
        }
    }

    /// The usable host called `name`; an invalid entry of that name throws `.invalidEntry`.
    public func host(named name: String) throws -> HostEntry {
        let list = try load()
        if let invalid = list.invalidNamed(name) { throw HostStoreError.invalidEntry(invalid) }
        guard let host = list.named(name) else { throw HostStoreError.notFound(name: name) }
        return host
    }

    /// Reads, changes and writes the registry under the lock. Nothing is written when `body`
    /// throws or leaves the list unchanged. `body` gets the time to stamp changes with.
    public func modify<T>(_ body: (inout HostList, Date) throws -> T) throws -> T {
        try root.ensureExists()
        return try FileLock.withExclusiveLock(lockPath) {
            var list = try load()
            let before = list
            let result = try body(&list, now())
            if list != before { try AtomicFile.write(HostsFile.encode(list), to: path, mode: 0o600) }
            return result
        }
    }

    public func add(_ host: HostEntry) throws {
        try modify { list, now in try list.add(host, now: now) }
    }

    @discardableResult
    public func replace(named name: String, with host: HostEntry) throws -> HostEntry {
        try modify { list, now in try list.replace(named: name, with: host, now: now) }
    }

    @discardableResult
    public func remove(named name: String) throws -> HostEntry {
        try modify { list, _ in try list.remove(named: name) }
    }

    /// Remembers the key that logged in to `account` (a registry host): written, atomically and
    /// under the lock, only when it differs from what the file holds.
    public func rememberKey(_ fingerprint: String, for account: HostEntry) throws {
        guard (try? load().named(account.name)?.lastKey) != fingerprint else { return }
        _ = try modify { list, _ in list.rememberKey(fingerprint, forHostNamed: account.name, account: account) }
    }

    /// Records (or with nil forgets) the shell the probe found on the Windows host `account`
    /// (ADR 0032); written only when it differs from what the file holds.
    public func rememberWindowsShell(_ shell: WindowsShell?, for account: HostEntry) throws {
        guard let current = try? load().named(account.name), current.windowsShellSeen != shell else { return }
        _ = try modify { list, _ in list.rememberWindowsShell(shell, forHostNamed: account.name, account: account) }
    }

    /// Adds `host` or updates the entry for the same user@host:port (see `HostList.upsert`).
    public func upsert(_ host: HostEntry) throws -> HostList.UpsertOutcome {
        try modify { list, now in try list.upsert(host, now: now) }
    }

    /// The clock truncated to whole seconds, the precision hosts.json keeps.
    private func now() -> Date {
        Date(timeIntervalSince1970: clock().timeIntervalSince1970.rounded(.down))
    }

    /// Copies unreadable bytes to `hosts.json.<tag>-<UTC time>` (0600) and returns its path.
    /// An existing copy with the same bytes is reused, so repeated commands do not pile up copies.
    private func keepCopy(of data: Data, tag: String) throws -> String {
        let prefix = "hosts.json.\(tag)-"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        for name in names.sorted() where name.hasPrefix(prefix) {
            if (try? AtomicFile.read(root.file(name))) == data { return root.file(name) }
        }
        let stamp = InternetDate.format(clock()).filter { $0 != "-" && $0 != ":" }
        var candidate = root.file(prefix + stamp)
        var n = 2
        while FileManager.default.fileExists(atPath: candidate) {
            candidate = root.file("\(prefix)\(stamp)-\(n)")
            n += 1
        }
        try AtomicFile.write(data, to: candidate, mode: 0o600)
        return candidate
    }
}
