import LibC
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where ssh_config files come from: `~` and relative `Include` paths resolve against the
/// home directory given (relative ones in `~/.ssh`, as ssh does for a user's config), globs
/// expand in sorted order, and each file is read only when it is a regular file of at most
/// `maxBytes`, so a FIFO or a link to /dev/zero cannot hang or flood the import.
public struct SSHConfigFiles: Sendable {
    public let home: String
    public static let maxBytes = 1 << 20

    public init(home: String) {
        self.home = home
    }

    public var sshDirectory: String { home + "/.ssh" }

    /// The absolute pattern an `Include` argument stands for.
    func absolute(_ pattern: String) -> String {
        if pattern == "~" { return home }
        if pattern.hasPrefix("~/") { return home + pattern.dropFirst() }
        if pattern.hasPrefix("/") { return pattern }
        return sshDirectory + "/" + pattern
    }

    /// The existing paths `pattern` names, sorted; empty when none match.
    func paths(matching pattern: String) -> [String] {
        var matches = glob_t()
        defer { globfree(&matches) }
        guard glob(absolute(pattern), 0, nil, &matches) == 0 else { return [] }
        return (0..<Int(matches.gl_pathc)).compactMap { index in
            matches.gl_pathv[index].map { String(cString: $0) }
        }
    }

    /// `path` shown with `~` for the home directory.
    public func display(_ path: String) -> String {
        path.hasPrefix(home + "/") ? "~" + path.dropFirst(home.count) : path
    }

    /// The file's identity (device and inode), to notice an Include loop however it is spelled.
    public func identity(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return "\(info.st_dev):\(info.st_ino)"
    }

    /// The text of a regular file of at most `maxBytes`, or why it cannot be read. `anyKind`
    /// also reads a pipe or device (still at most `maxBytes`): for a path the person named
    /// themselves, such as `<(ssh -G host)` or /dev/null, never for one a glob found.
    public func read(_ path: String, anyKind: Bool = false) -> Result<String, ReadProblem> {
        var info = stat()
        guard stat(path, &info) == 0 else {
            return .failure(errno == ENOENT ? .missing : .unreadable(String(cString: strerror(errno))))
        }
        let regular = (info.st_mode & S_IFMT) == S_IFREG
        guard regular || anyKind else { return .failure(.notRegular) }
        guard info.st_size <= Self.maxBytes else { return .failure(.tooLarge) }
        let fd = open(path, O_RDONLY | O_CLOEXEC | (regular ? O_NONBLOCK : 0))
        guard fd >= 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while bytes.count <= Self.maxBytes {
            let n = buffer.withUnsafeMutableBytes { LibC.read(fd, $0.baseAddress!, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { return .failure(.unreadable(String(cString: strerror(errno)))) }
            if n == 0 { return .success(String(decoding: bytes, as: UTF8.self)) }
            bytes += buffer[0..<n]
        }
        return .failure(.tooLarge)
    }

    /// Why a config file was not read, as a phrase after its path.
    public enum ReadProblem: Error, Equatable, Sendable, CustomStringConvertible {
        case missing, notRegular, tooLarge
        case unreadable(String)

        public var description: String {
            switch self {
            case .missing: return "does not exist"
            case .notRegular: return "is not a regular file"
            case .tooLarge: return "is larger than \(SSHConfigFiles.maxBytes / 1024) KiB, more than any ssh config needs"
            case .unreadable(let reason): return "cannot be read (\(reason))"
            }
        }
    }
}
