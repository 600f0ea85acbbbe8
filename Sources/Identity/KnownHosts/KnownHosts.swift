import Files
import Foundation

/// Pinned host keys in OpenSSH known_hosts format (`known_hosts` under the Drover root), so
/// `ssh-keygen -F HOST -f FILE` reads them. Lines are `host keytype base64` for port 22 and
/// `[host]:port keytype base64` otherwise.
///
/// Reading follows OpenSSH: comma lists of host names, `*`/`?` wildcards and `!` negation.
/// Hashed host names (`|1|salt|hash`), `@cert-authority` and `@revoked` lines, comments and
/// unreadable lines are skipped (never misread) and kept untouched when the file is rewritten.
/// Changes happen under a lock file and are written atomically.
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

    /// Every pin, one entry per host name of each line, in file order.
    public func list() throws -> [KnownHostEntry] {
        try readLines().flatMap { line -> [KnownHostEntry] in
            guard let pin = line.pin else { return [] }
            return pin.hostPatterns.compactMap { pattern in
                guard !pattern.hasPrefix("!"), let (host, port) = HostName.parse(token: pattern) else { return nil }
                return KnownHostEntry(host: host, port: port, key: pin.key)
            }
        }
    }

    /// The pins whose host patterns select `host` and `port`.
    public func pins(host: String, port: Int) throws -> [SSHPublicKey] {
        let token = HostName.token(host: host, port: port)
        return try readLines().filter { $0.applies(to: token) }.compactMap { $0.pin?.key }
    }

    /// Compares the key a server presented with the pins for its host and port.
    public func lookup(host: String, port: Int, keyType: String, blob: Data) throws -> HostKeyStatus {
        let pinned = try pins(host: host, port: port)
        if pinned.isEmpty { return .unknown }
        if pinned.contains(where: { $0.type == keyType && $0.blob == blob }) { return .match }
        var fingerprints: [String] = []
        for key in pinned where !fingerprints.contains(key.fingerprint) { fingerprints.append(key.fingerprint) }
        return .changed(pinned: fingerprints)
    }

    /// Pins `key` for `host` and `port` (appends one line). Pinning an already pinned key does
    /// nothing; a different pinned key for the same host and port is an error, never replaced.
    /// The key blob must be of type `keyType`.
    public func add(host: String, port: Int, keyType: String, blob: Data) throws {
        let bare = HostName.normalized(host)
        guard !bare.isEmpty, !bare.contains(where: { $0.isWhitespace || ",[]*?!#|".contains($0) }) else {
            throw KnownHostsError.invalidHost(host)
        }
        guard (1...65535).contains(port) else { throw KnownHostsError.invalidPort(port) }
        let key = try SSHPublicKey(type: keyType, base64: blob.base64EncodedString())
        try Directory.ensure((path as NSString).deletingLastPathComponent, mode: 0o700)
        try FileLock.withExclusiveLock(path + ".lock") {
            switch try lookup(host: host, port: port, keyType: keyType, blob: blob) {
            case .match:
                return
            case .changed(let pinned):
                throw KnownHostsError.conflictingPin(host: bare, port: port, pinned: pinned)
            case .unknown:
                var lines = try readLines()
                let token = HostName.token(host: host, port: port)
                lines.append(KnownHostsLine(pin: .init(hostPatterns: [token], key: key)))
                try write(lines)
            }
        }
    }

    /// Removes the pins written for exactly `host` and `port` (not wildcard patterns that
    /// happen to match) and returns what was removed. Other host names on the same line stay.
    @discardableResult
    public func remove(host: String, port: Int) throws -> [KnownHostEntry] {
        let token = HostName.token(host: host, port: port)
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        return try FileLock.withExclusiveLock(path + ".lock") {
            var removed: [KnownHostEntry] = []
            var kept: [KnownHostsLine] = []
            for line in try readLines() {
                guard var pin = line.pin, pin.hostPatterns.contains(where: { $0.lowercased() == token }) else {
                    kept.append(line)
                    continue
                }
                pin.hostPatterns.removeAll { $0.lowercased() == token }
                removed.append(KnownHostEntry(host: HostName.normalized(host), port: port, key: pin.key))
                if !pin.hostPatterns.isEmpty { kept.append(KnownHostsLine(pin: pin)) }
            }
            if !removed.isEmpty { try write(kept) }
            return removed
        }
    }

    // MARK: file I/O

    private func readLines() throws -> [KnownHostsLine] {
        guard let data = try AtomicFile.read(path) else { return [] }
        var lines = String(decoding: data, as: UTF8.self).components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines.map { KnownHostsLine(parsing: $0.hasSuffix("\r") ? String($0.dropLast()) : $0) }
    }

    private func write(_ lines: [KnownHostsLine]) throws {
        let text = lines.map(\.raw).joined(separator: "\n")
        try AtomicFile.write(text.isEmpty ? "" : text + "\n", to: path, mode: AtomicFile.mode(of: path) ?? 0o600)
    }
}
