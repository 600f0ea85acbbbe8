import Files
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Pinned host keys in OpenSSH known_hosts format (`known_hosts` under the Drover root), so
/// `ssh-keygen -F HOST -f FILE` reads them. Lines are `host keytype base64` for port 22 and
/// `[host]:port keytype base64` otherwise.
///
/// Reading follows OpenSSH: comma lists of host names, `*`/`?` wildcards, `!` negation, hashed
/// host names (`|1|salt|hash`, from `ssh-keygen -H`) and `@revoked` lines. `@cert-authority`
/// lines, comments and unreadable lines are skipped (never misread). Lines a change does not
/// touch are kept byte for byte. Changes happen under a lock file and are written atomically.
public struct KnownHosts: Sendable {
    public static let fileName = "known_hosts"
    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// The `known_hosts` file under `root`.
    public init(root: DroverRoot) {
        path = root.file(Self.fileName)
    }

    /// Every pin, one entry per host name of each line, in file order. A hashed line cannot
    /// say its host, so its entry has host `KnownHostEntry.hashedHost` and port 0.
    /// `@revoked` lines are not pins and are not listed.
    public func list() throws -> [KnownHostEntry] {
        try readLines().flatMap { line -> [KnownHostEntry] in
            guard let pin = line.pin else { return [] }
            switch pin.names {
            case .hashed:
                return [KnownHostEntry(host: KnownHostEntry.hashedHost, port: 0, key: pin.key, isHashed: true)]
            case .patterns(let patterns):
                return patterns.compactMap { pattern in
                    guard !pattern.hasPrefix("!"), let (host, port) = HostName.parse(token: pattern) else { return nil }
                    return KnownHostEntry(host: host, port: port, key: pin.key)
                }
            }
        }
    }

    /// The pins that apply to `host` and `port` (plain, wildcard or hashed lines), each shown
    /// as that host and port.
    public func list(host: String, port: Int) throws -> [KnownHostEntry] {
        let token = HostName.token(host: host, port: port)
        return try readLines().compactMap { line in
            guard let pin = line.pin, pin.applies(to: token) else { return nil }
            let isHashed = if case .hashed = pin.names { true } else { false }
            return KnownHostEntry(host: HostName.normalized(host), port: port, key: pin.key, isHashed: isHashed)
        }
    }

    /// The pinned keys that apply to `host` and `port`.
    public func pins(host: String, port: Int) throws -> [SSHPublicKey] {
        try list(host: host, port: port).map(\.key)
    }

    /// The key types pinned for `host` and `port`, first pin first, each once: the host key
    /// algorithms to offer first, so a server with several keys shows the pinned one.
    public func pinnedKeyTypes(host: String, port: Int) throws -> [String] {
        var types: [String] = []
        for key in try pins(host: host, port: port) where !types.contains(key.type) { types.append(key.type) }
        return types
    }

    /// Compares the key a server presented with the pins for its host and port. A key that an
    /// `@revoked` line names for them is `.revoked`, whatever else the file says. Another key
    /// of the same type is `.changed`; pins of other types only are `.otherTypesPinned`.
    public func lookup(host: String, port: Int, keyType: String, blob: Data) throws -> HostKeyStatus {
        let token = HostName.token(host: host, port: port)
        let entries = try readLines().compactMap(\.entry).filter { $0.applies(to: token) }
        let isPresented = { (key: SSHPublicKey) in key.type == keyType && key.blob == blob }
        if entries.contains(where: { $0.revoked && isPresented($0.key) }) { return .revoked }
        var pinned: [SSHPublicKey] = []
        for entry in entries where !entry.revoked && !pinned.contains(where: { $0.blob == entry.key.blob }) {
            pinned.append(entry.key)
        }
        if pinned.isEmpty { return .unknown }
        if pinned.contains(where: isPresented) { return .match }
        let sameType = pinned.filter { $0.type == keyType }
        if sameType.isEmpty { return .otherTypesPinned(pinned) }
        return .changed(pinned: sameType.map(\.fingerprint))
    }

    /// Pins `key` for `host` and `port` (appends one line). Pinning an already pinned key does
    /// nothing; a key of a type not pinned yet is added beside the other pins; a different
    /// pinned key of the same type, or a revoked key, is an error, never replaced. The key blob
    /// must be of type `keyType`.
    ///
    /// The line is written with the host name in plain text, not hashed: people read this file
    /// (and `drover pins` shows it) to see what they trust. Hashing it is their choice
    /// (`ssh-keygen -H -f FILE`); hashed lines keep working afterwards.
    public func add(host: String, port: Int, keyType: String, blob: Data) throws {
        let bare = HostName.normalized(host)
        guard !bare.isEmpty, !bare.contains(where: { $0.isWhitespace || ",[]*?!#|".contains($0) }) else {
            throw KnownHostsError.invalidHost(host)
        }
        guard (1...65535).contains(port) else { throw KnownHostsError.invalidPort(port) }
        let key = try SSHPublicKey(type: keyType, base64: blob.base64EncodedString())
        try Directory.ensurePrivate(PathText.parent(of: path))
        try FileLock.withExclusiveLock(path + ".lock") {
            switch try lookup(host: host, port: port, keyType: keyType, blob: blob) {
            case .match:
                return
            case .revoked:
                throw KnownHostsError.revokedKey(host: bare, port: port, fingerprint: key.fingerprint, file: path)
            case .changed(let pinned):
                throw KnownHostsError.conflictingPin(host: bare, port: port, pinned: pinned)
            case .unknown, .otherTypesPinned:
                var lines = try readLines()
                let token = HostName.token(host: host, port: port)
                lines.append(KnownHostsLine(entry: .init(revoked: false, names: .patterns([token]), key: key)))
                try write(lines)
            }
        }
    }

    /// Removes the pins written for exactly `host` and `port` (not wildcard patterns that
    /// happen to match) and returns what was removed. Other host names on the same line stay.
    /// Hashed lines for them are removed whole (returned with `isHashed`). `@revoked` lines stay.
    @discardableResult
    public func remove(host: String, port: Int) throws -> [KnownHostEntry] {
        let token = HostName.token(host: host, port: port)
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        return try FileLock.withExclusiveLock(path + ".lock") {
            var removed: [KnownHostEntry] = []
            var kept: [KnownHostsLine] = []
            for line in try readLines() {
                guard var pin = line.pin else {
                    kept.append(line)
                    continue
                }
                switch pin.names {
                case .hashed(let hashed, _) where hashed.matches(token: token):
                    removed.append(KnownHostEntry(host: HostName.normalized(host), port: port, key: pin.key, isHashed: true))
                case .patterns(var patterns) where patterns.contains(where: { $0.lowercased() == token }):
                    patterns.removeAll { $0.lowercased() == token }
                    removed.append(KnownHostEntry(host: HostName.normalized(host), port: port, key: pin.key))
                    pin.names = .patterns(patterns)
                    if !patterns.isEmpty { kept.append(KnownHostsLine(entry: pin)) }
                default:
                    kept.append(line)
                }
            }
            if !removed.isEmpty { try write(kept) }
            return removed
        }
    }

    // MARK: file I/O

    private func readLines() throws -> [KnownHostsLine] {
        guard let data = try AtomicFile.readTrusted(path) else { return [] }
        // Split at each LF byte (a CR before it is dropped below) without Foundation's
        // components(separatedBy:), which touches more of libFoundation (ADR 0018).
        var lines = data.split(separator: 0x0A, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        if lines.last == "" { lines.removeLast() }
        return lines.map { KnownHostsLine(parsing: $0.hasSuffix("\r") ? String($0.dropLast()) : $0) }
    }

    private func write(_ lines: [KnownHostsLine]) throws {
        let text = lines.map(\.raw).joined(separator: "\n")
        try AtomicFile.write(text.isEmpty ? "" : text + "\n", to: path, mode: AtomicFile.mode(of: path) ?? 0o600)
    }
}
