import LibC
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Directory creation with explicit permissions.
public enum Directory {
    /// Creates `path` and missing parents; the last component gets `mode` (parents 0755).
    public static func ensure(_ path: String, mode: mode_t) throws {
        var st = stat()
        if stat(path, &st) == 0 {
            guard st.st_mode & S_IFMT == S_IFDIR else {
                throw FileError(path: path, reason: "exists but is not a directory",
                                advice: "Move it away or point DROVER_HOME elsewhere.")
            }
            return
        }
        let parent = PathText.parent(of: path)
        if !parent.isEmpty && parent != path && !FileManager.default.fileExists(atPath: parent) {
            try ensure(parent, mode: 0o755)
        }
        if mkdir(path, mode) == 0 {
            // Only a directory made here gets its mode set (mkdir's is cut by the umask); one
            // that appeared meanwhile is someone else's and is judged, not changed.
            chmod(path, mode)
        } else if errno != EEXIST {
            throw FileError.errno(path, "creating the directory", errno)
        }
    }

    /// Creates `path` 0700 when missing; an existing one must pass `FileSafety.checkDirectory`
    /// (this user's or root's, writable by nobody else). For directories whose files Drover trusts.
    public static func ensurePrivate(_ path: String) throws {
        try ensure(path, mode: 0o700)
        try FileSafety.checkDirectory(path)
    }
}
