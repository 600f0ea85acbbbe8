#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Whole-file reads and crash-safe writes: temp file in the same directory, fsync, rename,
/// fsync of the directory. A reader sees the old bytes or the new ones, never a mix.
public enum AtomicFile {
    /// Writes `data` to `path` with permission `mode` (0600 for anything secret).
    public static func write(_ data: Data, to path: String, mode: mode_t = 0o600) throws {
        let dir = (path as NSString).deletingLastPathComponent
        let base = (path as NSString).lastPathComponent
        var template = Array("\(dir.isEmpty ? "." : dir)/.\(base).XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw FileError.errno(path, "creating a temporary file", errno) }
        let tempPath = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var ok = false
        defer {
            if !ok { unlink(tempPath) }
        }
        do {
            defer { close(fd) }
            guard fchmod(fd, mode) == 0 else { throw FileError.errno(path, "setting permissions", errno) }
            try data.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                    if n < 0 {
                        if errno == EINTR { continue }
                        throw FileError.errno(path, "writing", errno,
                                              advice: "Free some disk space or check the file system, then try again.")
                    }
                    offset += n
                }
            }
            guard fsync(fd) == 0 else { throw FileError.errno(path, "syncing to disk", errno) }
        }
        guard rename(tempPath, path) == 0 else { throw FileError.errno(path, "replacing the file", errno) }
        ok = true
        let dirfd = open(dir.isEmpty ? "." : dir, O_RDONLY | O_DIRECTORY)
        if dirfd >= 0 {
            fsync(dirfd)
            close(dirfd)
        }
    }

    /// Writes UTF-8 text atomically.
    public static func write(_ text: String, to path: String, mode: mode_t = 0o600) throws {
        try write(Data(text.utf8), to: path, mode: mode)
    }

    /// The file's bytes, or nil when it does not exist. Other failures throw.
    public static func read(_ path: String) throws -> Data? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw FileError.errno(path, "opening", errno)
        }
        defer { close(fd) }
        var result = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress!, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw FileError.errno(path, "reading", errno)
            }
            if n == 0 { break }
            result.append(contentsOf: buffer[0..<n])
        }
        return result
    }

    /// The permission bits of `path` (nil when it does not exist).
    public static func mode(of path: String) -> mode_t? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return st.st_mode & 0o7777
    }
}
