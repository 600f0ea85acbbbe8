#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How a spawned child's descriptors 0, 1 and 2 (or others) are set up: each `child` number
/// gets a copy of the parent's `parent` descriptor; the numbers in `nullDevice` get /dev/null.
/// Every other descriptor of Drover's is closed on exec (they are all opened that way).
public struct SpawnDescriptors {
    public var copies: [(child: Int32, parent: Int32)]
    public var nullDevice: [Int32]

    public init(copies: [(child: Int32, parent: Int32)], nullDevice: [Int32] = []) {
        self.copies = copies
        self.nullDevice = nullDevice
    }
}

/// Starts `path` with `arguments` (argv[0] first) and exactly `environment` (`NAME=value`),
/// with posix_spawn: no fork of a threaded process. `processGroup` 0 makes the child the leader
/// of a new process group (its pid is the group's id); a positive one puts it in that group;
/// nil leaves it in Drover's.
/// SIGPIPE (ignored by Drover) and the blocked signal set are back to their defaults in the
/// child, as a program started from a shell expects. Returns the child's pid; throws
/// `SpawnFailure` with posix_spawn's error number. The platforms' posix_spawn types differ
/// (structs on Linux, opaque pointers on Darwin), which is why this lives here.
public func spawnProcess(_ path: String, arguments: [String], environment: [String],
                         descriptors: SpawnDescriptors, processGroup: pid_t?) throws -> pid_t {
    #if canImport(Darwin)
    var actions: posix_spawn_file_actions_t? = nil
    var attributes: posix_spawnattr_t? = nil
    #else
    var actions = posix_spawn_file_actions_t()
    var attributes = posix_spawnattr_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    posix_spawnattr_init(&attributes)
    defer {
        posix_spawn_file_actions_destroy(&actions)
        posix_spawnattr_destroy(&attributes)
    }
    for copy in descriptors.copies { posix_spawn_file_actions_adddup2(&actions, copy.parent, copy.child) }
    for fd in descriptors.nullDevice {
        posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0)
    }
    var defaults = sigset_t()
    sigemptyset(&defaults)
    sigaddset(&defaults, SIGPIPE)
    var empty = sigset_t()
    sigemptyset(&empty)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setsigmask(&attributes, &empty)
    var flags = Int32(POSIX_SPAWN_SETSIGDEF) | Int32(POSIX_SPAWN_SETSIGMASK)
    if let processGroup {
        posix_spawnattr_setpgroup(&attributes, processGroup)
        flags |= Int32(POSIX_SPAWN_SETPGROUP)
    }
    posix_spawnattr_setflags(&attributes, Int16(flags))
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup($0) } + [nil]
    defer {
        argv.forEach { free($0) }
        envp.forEach { free($0) }
    }
    var child: pid_t = 0
    let rc = posix_spawn(&child, path, &actions, &attributes, argv, envp)
    guard rc == 0 else { throw SpawnFailure(code: rc) }
    return child
}

/// posix_spawn's error number (`errno` style) when a program could not be started.
public struct SpawnFailure: Error, CustomStringConvertible {
    public let code: Int32
    public init(code: Int32) { self.code = code }
    /// The C library's words for the error number (`No such file or directory`).
    public var description: String { String(cString: strerror(code)) }
}

/// A connected pair of Unix stream sockets, both closed on exec (atomically on Linux), for a
/// child that speaks over its stdin and stdout (a ProxyCommand); nil on failure (errno says why).
/// Darwin's ends also get `SO_NOSIGPIPE`.
public func socketPairClosedOnExec() -> (Int32, Int32)? {
    var fds: [Int32] = [-1, -1]
    #if canImport(Glibc)
    let rc = socketpair(AF_UNIX, streamSocketType | Int32(SOCK_CLOEXEC.rawValue), 0, &fds)
    #elseif canImport(Musl)
    let rc = socketpair(AF_UNIX, streamSocketType | SOCK_CLOEXEC, 0, &fds)
    #else
    let rc = socketpair(AF_UNIX, streamSocketType, 0, &fds)
    if rc == 0 {
        var one: Int32 = 1
        for fd in fds {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        }
    }
    #endif
    return rc == 0 ? (fds[0], fds[1]) : nil
}

/// A pipe whose ends are closed on exec, so a child another thread starts meanwhile cannot
/// hold it open: atomically on Linux with `pipe2` (looked up: Swift's Glibc module leaves out
/// the GNU declaration), elsewhere set right after. nil on failure (errno says why).
public func pipeClosedOnExec() -> (read: Int32, write: Int32)? {
    var fds: [Int32] = [-1, -1]
    #if canImport(Glibc) || canImport(Musl)
    typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>?, Int32) -> Int32
    if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pipe2") {
        let rc = unsafeBitCast(symbol, to: Pipe2.self)(&fds, O_CLOEXEC)
        return rc == 0 ? (fds[0], fds[1]) : nil
    }
    #endif
    guard pipe(&fds) == 0 else { return nil }
    for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    return (fds[0], fds[1])
}

/// A `waitpid` status in words: `exited with status 3`, `was killed by signal 9`.
public func waitStatusDescription(_ status: Int32) -> String {
    let signal = status & 0x7f
    return signal == 0 ? "exited with status \((status >> 8) & 0xff)" : "was killed by signal \(signal)"
}
