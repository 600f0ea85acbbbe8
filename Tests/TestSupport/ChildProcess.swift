import Foundation
import LibC

/// A child process started with posix_spawn and reaped with waitpid.
///
/// Foundation's `Process.waitUntilExit` can miss a child's exit while another child is
/// alive on this platform, so tests use this small owner of a PID instead.
public final class ChildProcess: @unchecked Sendable {
    public let pid: pid_t
    private let lock = NSLock()
    private var exitStatus: Int32?

    /// Starts `path` with `arguments`. `stdin`/`stdout`/`stderr` are descriptors to install
    /// in the child (nil: /dev/null). `environment` replaces the whole environment when given.
    public init(_ path: String, _ arguments: [String], environment: [String: String]? = nil,
                stdin: Int32? = nil, stdout: Int32? = nil, stderr: Int32? = nil) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (fd, target) in [(stdin, Int32(0)), (stdout, 1), (stderr, 2)] {
            if let fd {
                posix_spawn_file_actions_adddup2(&actions, fd, target)
            } else {
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
            }
        }
        let env = environment ?? ProcessInfo.processInfo.environment
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var child: pid_t = 0
        let rc = posix_spawn(&child, path, &actions, nil, argv, envp)
        guard rc == 0 else { throw TestSupportError("cannot start \(path): \(String(cString: strerror(rc)))") }
        pid = child
    }

    /// Waits for the child to exit; returns its exit status (128 + signal when killed).
    @discardableResult
    public func wait() -> Int32 {
        if let s = lock.withLock({ exitStatus }) { return s }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        lock.withLock { exitStatus = code }
        return code
    }

    /// True while the child has not exited (reaps it if it has).
    public var isRunning: Bool {
        if lock.withLock({ exitStatus }) != nil { return false }
        var status: Int32 = 0
        let r = waitpid(pid, &status, WNOHANG)
        if r == pid {
            let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
            lock.withLock { exitStatus = code }
            return false
        }
        return r == 0
    }

    public func signal(_ sig: Int32) { kill(pid, sig) }

    /// SIGTERM and wait.
    public func terminate() {
        if isRunning {
            kill(pid, SIGTERM)
            wait()
        }
    }
}

/// A pipe whose ends are close-on-exec (a spawned child gets only the end dup2'd into it).
public struct PipePair {
    public let read: Int32
    public let write: Int32

    public init() throws {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw TestSupportError("pipe failed") }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        read = fds[0]
        write = fds[1]
    }
}
