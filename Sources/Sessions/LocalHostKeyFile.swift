import Files
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Identity
import LibC

/// A host key file the registry names (`hostKeyFile`), read on this computer when the host is
/// reached at a loopback address directly (no jump host, no ProxyCommand, which would make
/// "127.0.0.1" another machine's). Its fingerprint then stands in the trust question beside the
/// presented one (the demo host's case), so a person compares two lines on one screen. A
/// loopback port may still be forwarded elsewhere: the question states what the file here holds.
enum LocalHostKeyFile {
    /// What reading the file here gave: its key, or why it was not used (one clause).
    enum Reading: Equatable, Sendable {
        case key(SSHPublicKey)
        case refused(String)
    }

    /// Whether `host`, connected to directly, is a loopback address of this computer.
    static func isThisComputer(_ host: String) -> Bool {
        host == "localhost" || host == "::1"
            || (host.hasPrefix("127.") && host.split(separator: ".").count == 4 && host.allSatisfy { $0.isNumber || $0 == "." })
    }

    /// The key on the first line of `path` (an OpenSSH .pub file). Only a regular file owned by
    /// root or this user that others cannot change is read: the open does not block (a FIFO
    /// would hang the question) nor take a terminal. Nil when the file is absent or holds no key.
    static func read(_ path: String) -> Reading? {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        if fd < 0 {
            return errno == ENOENT ? nil : .refused("it cannot be opened (\(String(cString: strerror(errno))))")
        }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { return .refused("it cannot be checked (\(String(cString: strerror(errno))))") }
        guard st.st_mode & S_IFMT == S_IFREG else { return .refused("it is \(AtomicFile.kind(st.st_mode)), not a regular file") }
        do { try FileSafety.check(st, path: path) } catch let error as FileError {
            return .refused("it \(error.reason)")
        } catch { return .refused("it \(error)") }
        // A .pub file is one line; a few KiB is plenty and bounds what is read.
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        let count = buffer.withUnsafeMutableBytes { LibC.read(fd, $0.baseAddress!, $0.count) }
        guard count > 0, let text = String(bytes: buffer[0..<count], encoding: .utf8),
              let line = text.split(whereSeparator: \.isNewline).first,
              let key = try? SSHPublicKey(line: String(line)) else { return nil }
        return .key(key)
    }
}
