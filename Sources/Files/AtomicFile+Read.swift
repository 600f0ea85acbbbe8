import LibC
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The bounded reader for files: a file that is huge, endless (a link to /dev/zero) or never
/// ready (a FIFO) costs a bounded amount of memory and time and ends in an error that names
/// it. (ssh_config import has its own reader: it must also take a pipe the person named.)
extension AtomicFile {
    /// The most any file Drover keeps may hold: far above any real registry, known_hosts or key.
    public static let readLimit = 16 << 20

    /// The bytes of `path`, or nil when it does not exist. Any kind of file may be read (a
    /// pipe, for `drover replay <(…)`), but never more than `limit` bytes.
    public static func read(_ path: String, limit: Int = readLimit) throws -> Data? {
        try read(path, limit: limit, trusted: false)
    }

    /// The bytes of a file Drover trusts (hosts.json, known_hosts, the device key), or nil
    /// when it does not exist. It must be a regular file of at most `limit` bytes, and it and
    /// its directory must pass `FileSafety`. A symbolic link is followed and its target
    /// checked. The open does not block, so a FIFO in its place is refused, not waited on.
    public static func readTrusted(_ path: String, limit: Int = readLimit) throws -> Data? {
        try read(path, limit: limit, trusted: true)
    }

    /// The bytes of a regular file someone handed Drover (a picture to scan), or nil when it
    /// does not exist: like `readTrusted` without the ownership checks, so a FIFO or device
    /// in its place is refused at once instead of waited on.
    public static func readRegular(_ path: String, limit: Int = readLimit) throws -> Data? {
        try read(path, limit: limit, trusted: false, regularOnly: true)
    }

    private static func read(_ path: String, limit: Int, trusted: Bool, regularOnly: Bool = false) throws -> Data? {
        if trusted { try FileSafety.checkDirectory(directory(of: path)) }
        let mustBeRegular = trusted || regularOnly
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | (mustBeRegular ? O_NONBLOCK : 0))
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw FileError.errno(path, "opening", errno)
        }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw FileError.errno(path, "checking", errno) }
        let isRegular = st.st_mode & S_IFMT == S_IFREG
        if mustBeRegular {
            guard isRegular else {
                throw FileError(path: path, reason: "is not a regular file (it is \(kind(st.st_mode)))",
                                advice: trusted ? "Move it away and try again; Drover keeps its files as regular files."
                                    : "Give the path of a regular file.")
            }
        }
        if trusted { try FileSafety.check(st, path: path) }
        if isRegular && st.st_size > limit { throw tooLarge(path, limit) }
        var result = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while result.count <= limit {
            let want = min(buffer.count, limit + 1 - result.count)
            let n = buffer.withUnsafeMutableBytes { LibC.read(fd, $0.baseAddress!, want) }
            if n < 0 {
                if errno == EINTR { continue }
                throw FileError.errno(path, "reading", errno)
            }
            if n == 0 { return result }
            result.append(contentsOf: buffer[0..<n])
        }
        throw tooLarge(path, limit)
    }

    private static func tooLarge(_ path: String, _ limit: Int) -> FileError {
        let size = limit % (1 << 20) == 0 ? "\(limit >> 20) MiB" : "\(limit) bytes"
        return FileError(path: path, reason: "is larger than \(size), more than Drover reads from one file",
                         advice: "Check that it is the right file, or move it away, and try again.")
    }

    /// What a file that is not a regular file is, for a message ("a character device").
    public static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFLNK: return "a symbolic link"
        case S_IFDIR: return "a directory"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFIFO: return "a FIFO"
        case S_IFSOCK: return "a socket"
        default: return "not a plain file"
        }
    }
}
