import Foundation
import LibC
import SSH

/// One run of a host's ProxyCommand (already expanded), for one connection: `/bin/sh -c 'exec
/// COMMAND'` as ssh runs it, its stdin and stdout one end of a socket pair (`socket` is the
/// other, for the SSH session), its stderr read on a thread into a bounded tail.
///
/// The command leads a process group of its own. A guard shell joins that group with the
/// read end of a pipe only Drover holds (the lifeline) as its stdin: when Drover ends in any
/// way, SIGKILL included, the pipe reads end-of-file and the guard kills the whole group, so no
/// ProxyCommand outlives Drover. While Drover lives, `end` kills the group and reaps both
/// children; the session that carries the socket keeps this object, so that happens when the
/// session goes (ADR 0027). posix_spawn, not Foundation's Process: Process can neither start a
/// process group nor hand a child an exact set of descriptors.
final class ProxyCommandProcess {
    let command: String
    /// Drover's end of the socket pair; the SSH session takes it (and closes it).
    let socket: Int32
    private let leader: pid_t
    private let guardian: pid_t
    private let lifeline: Int32
    private let errors: ProxyCommandErrors
    private var leaderStatus: Int32?
    private var ended = false

    /// The shell script of the guard: wait for the lifeline's end, then kill the group.
    private static let guardScript = "read line; kill -s KILL 0"

    /// Starts `command` with `environment`; throws `SSHError.proxyCommand` when it cannot start.
    init(_ command: String, environment: [String: String]) throws {
        self.command = command
        func failure(_ call: String, _ code: Int32) -> SSHError {
            .proxyCommand(detail: "could not start the ProxyCommand '\(command)' (\(call): \(String(cString: strerror(code)))); "
                          + "check that /bin/sh exists and that Drover may start programs, then connect again")
        }
        guard let pair = socketPairClosedOnExec() else { throw failure("socketpair", errno) }
        guard let errorPipe = pipeClosedOnExec() else {
            close(pair.0); close(pair.1)
            throw failure("pipe", errno)
        }
        guard let lifelinePipe = pipeClosedOnExec() else {
            close(pair.0); close(pair.1); close(errorPipe.read); close(errorPipe.write)
            throw failure("pipe", errno)
        }
        let env = environment.map { "\($0.key)=\($0.value)" }
        let leader: pid_t
        do {
            leader = try spawnProcess("/bin/sh", arguments: ["sh", "-c", "exec " + command], environment: env,
                                      descriptors: SpawnDescriptors(copies: [(0, pair.1), (1, pair.1), (2, errorPipe.write)]),
                                      processGroup: 0)
        } catch let spawn as SpawnFailure {
            for fd in [pair.0, pair.1, errorPipe.read, errorPipe.write, lifelinePipe.read, lifelinePipe.write] { close(fd) }
            throw failure("posix_spawn", spawn.code)
        }
        close(pair.1)
        close(errorPipe.write)
        let guardian: pid_t
        do {
            guardian = try spawnProcess("/bin/sh", arguments: ["sh", "-c", Self.guardScript], environment: env,
                                        descriptors: SpawnDescriptors(copies: [(0, lifelinePipe.read)], nullDevice: [1, 2]),
                                        processGroup: leader)
        } catch let spawn as SpawnFailure {
            _ = kill(-leader, SIGKILL)
            Self.reap(leader)
            for fd in [pair.0, errorPipe.read, lifelinePipe.read, lifelinePipe.write] { close(fd) }
            throw failure("posix_spawn", spawn.code)
        }
        close(lifelinePipe.read)
        self.socket = pair.0
        self.leader = leader
        self.guardian = guardian
        self.lifeline = lifelinePipe.write
        errors = ProxyCommandErrors(reading: errorPipe.read)
    }

    deinit { end() }

    /// Kills the command's process group (the command, whatever it started, the guard) and
    /// reaps both children. SIGKILL cannot be caught, so the waits end at once. Once only;
    /// returns the command's own wait status.
    @discardableResult
    func end() -> Int32? {
        guard !ended else { return leaderStatus }
        ended = true
        _ = kill(-leader, SIGKILL)
        if leaderStatus == nil { leaderStatus = Self.reap(leader) }
        Self.reap(guardian)
        close(lifeline)
        return leaderStatus
    }

    /// What to tell the person when the SSH handshake over this command failed with `error`:
    /// ends the command first, so its exit status and all it wrote to stderr are known.
    func failure(after error: SSHError, name: String) -> SSHError {
        var waited: Double?
        if case let .timedOut(_, _, seconds, _) = error { waited = seconds }
        let silent = waited != nil
        let status = end()
        let said = errors.finish()
        let heard = said.isEmpty ? "" : " It said: \(said)."
        let selfExited = status.map { ($0 & 0x7f) != SIGKILL } ?? false
        let how: String
        if selfExited, let status {
            how = "\(waitStatusDescription(status)) before the SSH server's greeting"
        } else if silent {
            how = "gave no SSH greeting within \(Int(waited ?? 0)) s (it was still running; Drover stopped it)"
        } else {
            how = "did not lead to an SSH server (\(error.description))"
        }
        let longer = silent ? ", or allow it longer with --timeout SECONDS" : ""
        return .proxyCommand(detail: "\(name): the ProxyCommand '\(command)' \(how).\(heard) Run it in a shell "
                             + "to see that it reaches the host's SSH port (it should print a line starting "
                             + "with SSH-2.0) and fix it in ~/.ssh/config (an imported host keeps its own copy: "
                             + "'drover hosts rm NAME', then 'drover hosts import-ssh-config')\(longer), then connect again")
    }

    /// The last lines the command wrote to stderr so far ("" when none); from now on each
    /// read that completes lines hands them to `report`, on the stderr reader's thread.
    func follow(_ report: @escaping (String) -> Void) -> String { errors.follow(report) }

    /// Everything the command's stderr ends with: the command is ended first, so all it wrote is in.
    func finalWords() -> String {
        end()
        return errors.finish()
    }

    /// waitpid for `pid`, through interruptions; its status (nil if it was not there).
    @discardableResult
    private static func reap(_ pid: pid_t) -> Int32? {
        var status: Int32 = 0
        while true {
            if waitpid(pid, &status, 0) == pid { return status }
            if errno != EINTR { return nil }
        }
    }
}

/// The end of a ProxyCommand's stderr, read on a thread of its own so the command never blocks
/// on a full pipe: the last `limit` bytes are kept, the rest dropped. Once followed, the lines
/// that come later are also handed on as they complete (the status line shows them).
private final class ProxyCommandErrors: @unchecked Sendable {
    // @unchecked: `tail`, `report` and `unreported` are only touched with `lock` held (the reader
    // thread appends, the owner reads); `report` is called outside it and must be thread-safe.
    private static let limit = 2048
    private let lock = NSLock()
    private let done = DispatchSemaphore(value: 0)
    private var tail: [UInt8] = []
    private var report: ((String) -> Void)?
    /// What came since `follow` and is not a complete line yet.
    private var unreported: [UInt8] = []

    init(reading fd: Int32) {
        Thread.detachNewThread { [self] in
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(fd, &buffer, buffer.count)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                let (report, lines) = lock.withLock { () -> (((String) -> Void)?, String) in
                    tail += buffer[0..<count]
                    if tail.count > Self.limit { tail.removeFirst(tail.count - Self.limit) }
                    return (self.report, takeCompleteLines(buffer[0..<count]))
                }
                if let report, !lines.isEmpty { report(lines) }
            }
            close(fd)
            done.signal()
        }
    }

    /// Its last lines once the command's group is gone (all writers closed); what arrived so
    /// far if a writer that left the group still holds the pipe after 2 s.
    func finish() -> String {
        _ = done.wait(timeout: .now() + 2)
        return lines()
    }

    /// What was said so far; later lines go to `report`.
    func follow(_ report: @escaping (String) -> Void) -> String {
        lock.withLock {
            self.report = report
            unreported = []
        }
        return lines()
    }

    /// Adds `chunk` to what is unreported and takes its complete lines, summed up ("" when
    /// none or not followed). Called with `lock` held.
    private func takeCompleteLines(_ chunk: ArraySlice<UInt8>) -> String {
        guard report != nil else { return "" }
        unreported += chunk
        guard let end = unreported.lastIndex(where: { $0 == 0x0a || $0 == 0x0d }) else {
            if unreported.count > Self.limit { unreported.removeFirst(unreported.count - Self.limit) }
            return ""
        }
        let complete = unreported[...end]
        unreported.removeFirst(end + 1)
        return Self.summary(complete)
    }

    /// The last lines read so far, joined with "; ", at most 300 characters.
    func lines() -> String {
        Self.summary(lock.withLock { tail })
    }

    /// The last three non-empty lines of `bytes`, joined with "; ", at most 300 characters.
    private static func summary(_ bytes: some Collection<UInt8>) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.suffix(3)
        let joined = lines.joined(separator: "; ")
        return joined.count > 300 ? "..." + String(joined.suffix(297)) : joined
    }
}
