import LibC

/// A program Drover runs and waits for on a worker thread (`ssh -G`, `tailscale status`, a
/// clipboard tool, `--copy-command`): posix_spawn with pipes for the streams asked for, /dev/null
/// for the rest. What Foundation's `Process` and `Pipe` did, without linking Foundation
/// (ADR 0033). The child stays in Drover's process group, as `Process`'s did; `terminate` may be
/// called from any thread and never signals a process that was already reaped (its pid may be
/// another's by then).
public final class ChildProcess: @unchecked Sendable {
    // @unchecked: `reaped` and `status` are only touched with `lock` held; the descriptors are set
    // in init, and each is used by one thread at a time (the caller's contract).
    /// How one of the child's standard streams is set up.
    public enum Stream { case null, pipe }

    /// How the child ended.
    public enum Termination: Equatable, Sendable {
        case exited(Int32)
        case signalled(Int32)

        /// The exit status, or the signal's number (what `Process.terminationStatus` said).
        public var status: Int32 {
            switch self {
            case let .exited(code): return code
            case let .signalled(signal): return signal
            }
        }
    }

    public let pid: pid_t
    /// The write end of the child's stdin, when `.pipe`; `closeInput()` closes it.
    public private(set) var input: Int32?
    /// The read ends of the child's stdout and stderr, when `.pipe`; closed with the object.
    public let output: Int32?
    public let errors: Int32?
    private let lock = Lock()
    private var reaped = false
    private var status: Termination?

    /// Starts `path` with `arguments` (not including argv[0]) and exactly `environment` (for
    /// Drover's own, `ProcessInfo.processInfo.environment`). Throws `SpawnFailure` when it
    /// cannot be started.
    public init(_ path: String, arguments: [String], environment: [String: String],
                input: Stream = .null, output: Stream = .null, errors: Stream = .null) throws {
        var parentEnds: [Int32?] = [nil, nil, nil]
        var childEnds: [Int32] = []
        var descriptors = SpawnDescriptors(copies: [])
        defer { childEnds.forEach { _ = close($0) } }
        for (fd, stream) in [input, output, errors].enumerated() {
            guard stream == .pipe else { descriptors.nullDevice.append(Int32(fd)); continue }
            guard let ends = pipeClosedOnExec() else {
                parentEnds.compactMap { $0 }.forEach { _ = close($0) }
                throw SpawnFailure(code: errno)
            }
            let (mine, theirs) = fd == 0 ? (ends.write, ends.read) : (ends.read, ends.write)
            parentEnds[fd] = mine
            childEnds.append(theirs)
            descriptors.copies.append((child: Int32(fd), parent: theirs))
        }
        let env = environment.map { "\($0.key)=\($0.value)" }
        do {
            pid = try spawnProcess(path, arguments: [path] + arguments, environment: env,
                                   descriptors: descriptors, processGroup: nil)
        } catch {
            parentEnds.compactMap { $0 }.forEach { _ = close($0) }
            throw error
        }
        self.input = parentEnds[0]
        self.output = parentEnds[1]
        self.errors = parentEnds[2]
    }

    deinit {
        [input, output, errors].compactMap { $0 }.forEach { _ = close($0) }
    }

    /// Closes the child's stdin, so it reads its end.
    public func closeInput() {
        if let input { _ = close(input) }
        input = nil
    }

    /// Sends `signal` (SIGTERM by default) unless the child was already reaped.
    public func terminate(_ signal: Int32 = SIGTERM) {
        lock.withLock {
            if !reaped { _ = kill(pid, signal) }
        }
    }

    /// Blocks until the child ends (once; later calls return the same answer).
    public func wait() -> Termination {
        if let done = lock.withLock({ status }) { return done }
        // Wait without reaping, then reap with the lock held, so `terminate` cannot race a reused pid.
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0 && errno == EINTR {}
        return lock.withLock {
            if let status { return status }
            var raw: Int32 = 0
            while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
            reaped = true
            let signal = raw & 0x7f
            let done: Termination = signal == 0 ? .exited((raw >> 8) & 0xff) : .signalled(signal)
            status = done
            return done
        }
    }

    /// `fd` read to its end; nil once more than `limit` bytes came (reading stops there).
    public static func readAll(_ fd: Int32, limit: Int) -> [UInt8]? {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return bytes }
            bytes += chunk.prefix(n)
            if bytes.count > limit { return nil }
        }
    }
}
