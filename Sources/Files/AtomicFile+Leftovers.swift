import LibC
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Sweeping the temp files of writes that were killed before their rename.
///
/// A temp file is removed only when all of these hold, so no write in progress (Drover's or
/// another program's) loses its file: its name is exactly `.<name>.XXXXXX` as `writeTemporary`
/// makes it, in the directory being written; it is a regular file (not a link) of this user;
/// it was last changed more than `leftoverAge` ago; and no process holds its flock (a
/// Drover writer holds one from creation until the rename).
extension AtomicFile {
    /// How old an unlocked temp file must be before it counts as left over. A write takes
    /// milliseconds; the margin covers writers that do not lock (older Drovers, other tools).
    public static let leftoverAge: TimeInterval = 60

    static func temporaryPrefix(_ base: String) -> String { ".\(base)." }

    /// Removes the left-over temp files of `base` in `dir`. Failures are ignored: a leftover
    /// that cannot be removed costs disk space, never the write that found it.
    static func removeLeftovers(of base: String, in dir: String, now: Date = Date()) {
        let prefix = temporaryPrefix(base)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir) else { return }
        for name in names where isTemporaryName(name, prefix: prefix) {
            removeIfLeftover(dir + "/" + name, now: now)
        }
    }

    static func isTemporaryName(_ name: String, prefix: String) -> Bool {
        guard name.hasPrefix(prefix) else { return false }
        let suffix = name.utf8.dropFirst(prefix.utf8.count)
        return suffix.count == 6 && suffix.allSatisfy { b in
            (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a)
        }
    }

    private static func removeIfLeftover(_ path: String, now: Date) {
        var named = stat()
        guard lstat(path, &named) == 0, named.st_mode & S_IFMT == S_IFREG, named.st_uid == geteuid(),
              now.timeIntervalSince1970 - Double(named.modificationSeconds) > leftoverAge else { return }
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return }
        defer { close(fd) }
        var opened = stat()
        guard flock(fd, LOCK_EX | LOCK_NB) == 0, fstat(fd, &opened) == 0,
              opened.st_dev == named.st_dev, opened.st_ino == named.st_ino else { return }
        unlink(path)
    }
}
