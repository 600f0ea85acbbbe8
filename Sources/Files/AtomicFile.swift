import LibC
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Crash-safe writes: temp file in the same directory, fsync, rename (or link), fsync of the
/// directory. A reader sees the old bytes or the new ones, never a mix. Bounded reads are in
/// `AtomicFile+Read.swift`; leftovers of killed writes are swept in `AtomicFile+Leftovers.swift`.
public enum AtomicFile {
    /// Writes `data` to `path` with permission `mode` (0600 for anything secret).
    public static func write(_ data: Data, to path: String, mode: mode_t = 0o600) throws {
        try withTemporary(data, for: path, mode: mode) { tempPath in
            guard rename(tempPath, path) == 0 else {
                let code = errno
                unlink(tempPath)
                throw FileError.errno(path, "replacing the file", code)
            }
        }
        syncDirectory(of: path)
    }

    /// Writes UTF-8 text atomically.
    public static func write(_ text: String, to path: String, mode: mode_t = 0o600) throws {
        try write(Data(text.utf8), to: path, mode: mode)
    }

    /// Writes a file that must not exist yet: the complete bytes go to a temp file, then
    /// link(2) gives them the name, which never replaces a file that appeared meanwhile.
    /// False (and nothing changed) when `path` already exists.
    public static func create(_ data: Data, at path: String, mode: mode_t) throws -> Bool {
        let code: Int32 = try withTemporary(data, for: path, mode: mode) { tempPath in
            defer { unlink(tempPath) }
            return link(tempPath, path) == 0 ? 0 : errno
        }
        if code == 0 {
            syncDirectory(of: path)
            return true
        }
        if code == EEXIST { return false }
        throw FileError(path: path, reason: "cannot create it (\(String(cString: strerror(code))))",
                        advice: "Check the directory's permissions, then try again.")
    }

    /// The permission bits of `path` (nil when it does not exist).
    public static func mode(of path: String) -> mode_t? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return st.st_mode & 0o7777
    }

    static func directory(of path: String) -> String {
        let dir = PathText.parent(of: path)
        return dir.isEmpty ? "." : dir
    }

    /// Writes `data` to a new `.<name>.XXXXXX` beside `path`, synced, and hands its path to
    /// `finish` (which renames or links it). The temp file is flock'ed from creation until
    /// `finish` returns, so a sweep by another process (`removeLeftovers`) can tell it from
    /// one whose writer was killed. It is removed when writing it fails.
    private static func withTemporary<T>(_ data: Data, for path: String, mode: mode_t,
                                         _ finish: (String) throws -> T) throws -> T {
        let dir = directory(of: path)
        let base = PathText.lastComponent(of: path)
        removeLeftovers(of: base, in: dir)
        var template = Array("\(dir)/\(temporaryPrefix(base))XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw FileError.errno(path, "creating a temporary file", errno) }
        let tempPath = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { close(fd) }
        do {
            _ = flock(fd, LOCK_EX | LOCK_NB)
            guard fchmod(fd, mode) == 0 else { throw FileError.errno(path, "setting permissions", errno) }
            try data.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let n = LibC.write(fd, raw.baseAddress! + offset, raw.count - offset)
                    if n < 0 {
                        if errno == EINTR { continue }
                        throw FileError.errno(path, "writing", errno,
                                              advice: "Free some disk space or check the file system, then try again.")
                    }
                    offset += n
                }
            }
            guard fsync(fd) == 0 else { throw FileError.errno(path, "syncing to disk", errno) }
        } catch {
            unlink(tempPath)
            throw error
        }
        return try finish(tempPath)
    }

    private static func syncDirectory(of path: String) {
        let dirfd = open(directory(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dirfd >= 0 {
            fsync(dirfd)
            close(dirfd)
        }
    }
}
