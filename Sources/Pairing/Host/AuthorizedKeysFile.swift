import LibC
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Files

/// Edits an OpenSSH authorized_keys file: append one line, or remove the lines a predicate
/// picks. Every edit is an atomic rewrite under an advisory lock; lines it does not touch
/// keep their bytes exactly.
public struct AuthorizedKeysFile: Sendable {
    public let path: String
    /// The lock file that serialises Drover's edits of `path`.
    public let lockPath: String

    public init(path: String, lockPath: String) {
        self.path = path
        self.lockPath = lockPath
    }

    /// Appends `line` (no newline inside) as the file's last line.
    public func append(_ line: String) throws {
        try edit { lines in lines + [Array(line.utf8)] }
    }

    /// Appends `line` unless a line without options already authorizes `key` (`TYPE BASE64`):
    /// pairing the same device twice leaves one line. Returns true when it appended.
    @discardableResult
    public func append(_ line: String, unlessAuthorized key: String) throws -> Bool {
        var appended = false
        try edit { lines in
            let present = lines.contains { bytes in
                let text = String(decoding: bytes.last == 13 ? bytes.dropLast() : bytes[...], as: UTF8.self)
                return text == key || text.hasPrefix(key + " ")
            }
            appended = !present
            return present ? lines : lines + [Array(line.utf8)]
        }
        return appended
    }

    /// Removes every line for which `matches` is true; returns how many went.
    @discardableResult
    public func remove(where matches: @escaping (String) -> Bool) throws -> Int {
        var removed = 0
        try edit { lines in
            lines.filter { bytes in
                let text = String(decoding: bytes.last == 13 ? bytes.dropLast() : bytes[...], as: UTF8.self)
                if matches(text) { removed += 1; return false }
                return true
            }
        }
        return removed
    }

    /// The file's lines as text (empty when it does not exist).
    public func lines() throws -> [String] {
        guard let data = try AtomicFile.read(resolvedPath) else { return [] }
        return Self.split(Array(data)).map { String(decoding: $0, as: UTF8.self) }
    }

    private var resolvedPath: String {
        guard let target = realpath(path, nil) else { return path }
        defer { free(target) }
        return String(cString: target)
    }

    private func edit(_ change: ([[UInt8]]) throws -> [[UInt8]]) throws {
        try FileLock.withExclusiveLock(lockPath) {
            let target = resolvedPath
            try Directory.ensure(PathText.parent(of: target), mode: 0o700)
            let old = try AtomicFile.read(target).map { Array($0) } ?? []
            let before = Self.split(old)
            let lines = try change(before)
            guard lines != before else { return }   // nothing to change: the file is left as it is
            var out: [UInt8] = []
            for line in lines { out += line + [10] }
            try AtomicFile.write(Data(out), to: target, mode: AtomicFile.mode(of: target) ?? 0o600)
        }
    }

    /// Splits on LF; a last line without LF is kept (and gets one when written back).
    static func split(_ bytes: [UInt8]) -> [[UInt8]] {
        var lines = bytes.split(separator: 10, omittingEmptySubsequences: false).map(Array.init)
        if lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }
}
