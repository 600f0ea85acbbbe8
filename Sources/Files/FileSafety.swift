import LibC
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TextSafety

/// Checks that a file or directory Drover trusts can only have been changed by this user.
///
/// Drover's directory holds the pins that decide whether a host is who it claims to be, and
/// the device key. If another local user could write there, they could swap known_hosts or
/// hosts.json. So, like OpenSSH's StrictModes, each must belong to this user (or root) and be
/// writable by nobody else. The checks read the owner and mode explicitly: root ignores
/// permission bits, so trying the access would prove nothing.
public enum FileSafety {
    /// Refuses `path` when it is an existing directory that is not this user's or root's, or
    /// that group or others may write. A missing directory passes (it is created 0700).
    public static func checkDirectory(_ path: String) throws {
        try checkParents(of: path)
        var st = stat()
        guard stat(path, &st) == 0 else {
            if errno == ENOENT { return }
            throw FileError.errno(path, "checking", errno)
        }
        guard st.st_mode & S_IFMT == S_IFDIR else {
            throw FileError(path: path, reason: "exists but is not a directory",
                            advice: "Move it away or point DROVER_HOME elsewhere.")
        }
        try check(st, path: path, safeMode: "700")
    }

    /// Refuses the opened file described by `st` when it is not this user's or root's, or when
    /// group or others may write it. `safeMode` is the mode the advice suggests.
    public static func check(_ st: stat, path: String, safeMode: String = "go-w") throws {
        let owner = st.st_uid, me = geteuid()
        let foreign = owner != me && owner != 0
        let writable = st.st_mode & 0o022 != 0
        guard foreign || writable else { return }
        let quoted = shellQuoted(path)
        let mode = String(st.st_mode & 0o7777, radix: 8)
        let chown = (me == 0 ? "chown root " : "sudo chown \(userName(me)) ") + quoted
        let chmod = "chmod \(safeMode) \(quoted)"
        switch (foreign, writable) {
        case (true, true):
            throw FileError(path: path, reason: "belongs to another user (uid \(owner)) and others may change it (mode \(mode)), so Drover does not trust it",
                            advice: "Run '\(chown)' and then '\(chmod)', and try again.")
        case (true, false):
            throw FileError(path: path, reason: "belongs to another user (uid \(owner)), so Drover does not trust it",
                            advice: "Run '\(chown)' and try again.")
        default:
            throw FileError(path: path, reason: "can be changed by other users (mode \(mode)), so Drover does not trust it",
                            advice: "Run '\(chmod)' and try again.")
        }
    }

    /// Refuses `path` when a directory above it lets other users rename or replace what is in
    /// it: writable by others without the sticky bit (/tmp's 1777 is fine, a 0777 one is not).
    /// There, anyone could swap `path` itself for a directory of their own (issue 30).
    public static func checkParents(of path: String) throws {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var dir = PathText.parent(of: absolute)
        while !dir.isEmpty {
            var st = stat()
            if stat(dir, &st) == 0, st.st_mode & 0o002 != 0, st.st_mode & S_ISVTX == 0 {
                let quoted = shellQuoted(dir)
                let fix = (st.st_uid == geteuid() ? "chmod o-w " : "sudo chmod o-w ") + quoted
                throw FileError(path: dir, reason: "other users can write in it without the sticky bit (mode "
                                    + "\(String(st.st_mode & 0o7777, radix: 8))), so they could replace \(path) inside it, "
                                    + "and Drover does not trust it",
                                advice: "Run '\(fix)' and try again.")
            }
            if dir == "/" { break }
            dir = PathText.parent(of: dir)
        }
    }

    /// The name of user `uid` for a `chown` command (the number when it has no name).
    static func userName(_ uid: uid_t) -> String {
        guard let entry = getpwuid(uid), let name = entry.pointee.pw_name else { return String(uid) }
        let text = String(cString: name)
        return text.isEmpty ? String(uid) : shellQuoted(text)
    }

    /// `path` as one word for sh: unchanged when it is plain, else in single quotes.
    public static func shellQuoted(_ path: String) -> String {
        let plain = !path.isEmpty && path.unicodeScalars.allSatisfy { s in
            ("a"..."z").contains(s) || ("A"..."Z").contains(s) || ("0"..."9").contains(s) || "/._-+:,@%=".unicodeScalars.contains(s)
        }
        return plain ? path : "'" + path.replacingLiterally("'", with: "'\\''") + "'"
    }
}
