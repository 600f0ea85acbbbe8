#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
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
        do {
            errors = try ProxyCommandErrors(reading: errorPipe.read)
        } catch {
            // No reader for its stderr: a command that filled the pipe would hang, so it is not kept.
            _ = kill(-leader, SIGKILL)
            Self.reap(leader)
            Self.reap(guardian)
            for fd in [pair.0, errorPipe.read, lifelinePipe.write] { close(fd) }
            throw SSHError.proxyCommand(detail: "could not start the ProxyCommand '\(command)': \(error)")
        }
        self.socket = pair.0
        self.leader = leader
        self.guardian = guardian
        self.lifeline = lifelinePipe.write
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

    /// The complete lines the command wrote to stderr so far ("" when none); from now on, lines
    /// completed later wake `wake` (on the stderr reader's thread) with the function that takes
    /// them, once per batch: see `ProxyCommandErrors.follow`.
    func follow(_ wake: @escaping ProxyCommandErrors.Wake) -> String { errors.follow(wake) }

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
