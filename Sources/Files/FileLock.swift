import LibC
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An advisory lock (flock) on a side file, so two Drover processes editing the same file
/// take turns instead of losing each other's changes.
public enum FileLock {
    /// Runs `body` while holding an exclusive lock on `lockPath` (created 0600 if missing).
    /// The lock file must be a regular file that passes `FileSafety`: one that another user
    /// owns could be held by them forever.
    public static func withExclusiveLock<T>(_ lockPath: String, _ body: () throws -> T) throws -> T {
        let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NONBLOCK | O_NOCTTY, 0o600)
        guard fd >= 0 else { throw FileError.errno(lockPath, "opening the lock file", errno) }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw FileError.errno(lockPath, "checking the lock file", errno) }
        guard st.st_mode & S_IFMT == S_IFREG else {
            throw FileError(path: lockPath, reason: "is not a regular file",
                            advice: "Move it away and try again; Drover creates it again.")
        }
        try FileSafety.check(st, path: lockPath)
        while flock(fd, LOCK_EX) != 0 {
            if errno != EINTR { throw FileError.errno(lockPath, "locking", errno) }
        }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }
}
