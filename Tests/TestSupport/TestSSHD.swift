import Foundation
import LibC

/// A real OpenSSH `sshd` on a free loopback port, with its own host key (ed25519 unless
/// `hostKeyType` says `ecdsa` or `rsa`; `extraHostKeyTypes` serves more keys beside it) and
/// per-user authorized_keys files under a temporary directory. Stopped by PID in `stop()`.
///
/// Readiness is awaited as an event: sshd started with `-e` logs "Server listening on …"
/// once its socket accepts connections.
public final class TestSSHD: @unchecked Sendable {
    public let directory: TemporaryDirectory
    public private(set) var port: Int = 0
    public let listenAddress: String
    private var process: ChildProcess?
    private let logLock = NSCondition()
    private var logText = ""
    private let extraConfig: [String]
    /// The `ssh-keygen -t` type of the served host key: `ed25519`, `ecdsa` or `rsa`.
    public let hostKeyType: String
    /// More host key types served beside `hostKeyType` (a host with several keys).
    public let extraHostKeyTypes: [String]

    /// The directory of per-user authorized_keys files (`AuthorizedKeysFile DIR/%u`).
    public var authorizedKeysDirectory: String { directory.file("authorized_keys") }
    public var hostKeyPath: String { hostKeyPath(type: hostKeyType) }
    public func hostKeyPath(type: String) -> String { directory.file("ssh_host_\(type)_key") }

    /// Everything sshd logged so far (for assertions and failure messages).
    public var log: String { logLock.withLock { logText } }

    /// Waits until the log satisfies `condition` (sshd's log arrives through a pipe, a moment
    /// after the event it reports); false if it did not within `timeout` seconds.
    public func waitForLog(timeout: TimeInterval = 10, _ condition: (String) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        logLock.lock()
        defer { logLock.unlock() }
        while !condition(logText) {
            if !logLock.wait(until: deadline) { return condition(logText) }
        }
        return true
    }

    /// Starts sshd. `extraConfig` lines go first in sshd_config, so they override the defaults
    /// (sshd keeps the first value of each keyword; e.g. `PasswordAuthentication no`);
    /// `hostKeyType` picks its host key (`ed25519`, `ecdsa`, `rsa`), `extraHostKeyTypes` any others.
    public init(listenAddress: String = "127.0.0.1", extraConfig: [String] = [], hostKeyType: String = "ed25519",
                extraHostKeyTypes: [String] = []) throws {
        self.listenAddress = listenAddress
        self.extraConfig = extraConfig
        self.hostKeyType = hostKeyType
        self.extraHostKeyTypes = extraHostKeyTypes
        directory = try TemporaryDirectory(prefix: "drover-sshd")
        try FileManager.default.createDirectory(atPath: authorizedKeysDirectory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o755])
        chmod(directory.path, 0o755)
        try generateHostKey()
        for type in extraHostKeyTypes { try generateHostKey(type: type) }
        try startOnFreePort()
    }

    deinit { stop() }

    /// Authorizes an OpenSSH public key line for `user` (default: the current user).
    public func authorize(_ publicKeyLine: String, user: String = TestSSHD.currentUser) throws {
        let path = authorizedKeysPath(for: user)
        let existing = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        try (existing + publicKeyLine.trimmingCharacters(in: .whitespacesAndNewlines) + "\n")
            .write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o644)
    }

    public func authorizedKeysPath(for user: String = TestSSHD.currentUser) -> String {
        (authorizedKeysDirectory as NSString).appendingPathComponent(user)
    }

    /// The SHA256 fingerprint of the served host key (of `type`, default `hostKeyType`), as
    /// `ssh-keygen -lf` prints it.
    public func hostKeyFingerprint(type: String? = nil) throws -> String {
        let out = try Shell.run("/usr/bin/ssh-keygen", ["-lf", hostKeyPath(type: type ?? hostKeyType) + ".pub"])
        return String(out.split(separator: " ")[1])
    }

    /// The served host key's public line (`ssh-ed25519 AAAA… comment`), of `type` if given.
    public func hostPublicKeyLine(type: String? = nil) throws -> String {
        try String(contentsOfFile: hostKeyPath(type: type ?? hostKeyType) + ".pub", encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Replaces the host key and restarts on the same port (a "changed host key" server).
    public func replaceHostKey() throws {
        stop()
        try? FileManager.default.removeItem(atPath: hostKeyPath)
        try? FileManager.default.removeItem(atPath: hostKeyPath + ".pub")
        try generateHostKey()
        try start(port: port)
    }

    /// A network outage as the client sees it: the listener stops and every open connection
    /// is cut (its per-connection sshd processes are killed: the monitor and, for a user
    /// other than root, the unprivileged child that also holds the socket). `restart()`
    /// brings it back.
    public func stopAndDropConnections() throws {
        let children = try connectionProcessIDs()
        let grandchildren = try children.flatMap { child in
            try Shell.execute("/usr/bin/pgrep", ["-P", String(child), "-x", "sshd"]).stdout
                .split(separator: "\n").compactMap { pid_t($0) }
        }
        stop()
        for pid in children + grandchildren { kill(pid, SIGKILL) }
    }

    /// The per-connection sshd processes (children of the listener).
    public func connectionProcessIDs() throws -> [pid_t] {
        guard let listener = process?.pid else { return [] }
        return try Shell.execute("/usr/bin/pgrep", ["-P", String(listener)]).stdout
            .split(separator: "\n").compactMap { pid_t($0) }
    }

    /// A server that stops answering without closing anything: SIGSTOP to every connection's
    /// sshd processes (the monitor and its unprivileged child). Returns them for `resume`.
    public func pauseConnections() throws -> [pid_t] {
        let children = try connectionProcessIDs()
        let stopped = try children + children.flatMap { child in
            try Shell.execute("/usr/bin/pgrep", ["-P", String(child)]).stdout.split(separator: "\n").compactMap { pid_t($0) }
        }
        for pid in stopped { kill(pid, SIGSTOP) }
        return stopped
    }

    /// Lets processes `pauseConnections` stopped go on.
    public static func resume(_ stopped: [pid_t]) {
        for pid in stopped { kill(pid, SIGCONT) }
    }

    /// Starts sshd again on the same port with the same host key.
    public func restart() throws {
        stop()
        try start(port: port)
    }

    /// Stops sshd (SIGTERM to its PID) and waits for it.
    public func stop() {
        guard let p = process else { return }
        process = nil
        p.terminate()
    }

    /// Stops sshd and removes its directory.
    public func tearDown() {
        stop()
        directory.remove()
    }

    public static var currentUser: String {
        if let pw = getpwuid(geteuid()), let name = pw.pointee.pw_name { return String(cString: name) }
        return ProcessInfo.processInfo.environment["USER"] ?? "root"
    }

    // MARK: - Starting

    private func generateHostKey(type: String? = nil) throws {
        let type = type ?? hostKeyType
        let size = type == "rsa" ? ["-b", "2048"] : []
        _ = try Shell.run("/usr/bin/ssh-keygen", ["-q", "-t", type] + size
                          + ["-N", "", "-C", "drover-test-host", "-f", hostKeyPath(type: type)])
    }

    private func startOnFreePort() throws {
        var lastError: Error?
        for _ in 0..<5 {
            do {
                try start(port: try Self.freePort(address: listenAddress))
                return
            } catch {
                lastError = error
            }
        }
        throw lastError!
    }

    private func start(port: Int) throws {
        self.port = port
        try? FileManager.default.createDirectory(atPath: "/run/sshd", withIntermediateDirectories: true)
        let config = directory.file("sshd_config")
        let lines = extraConfig + [
            "Port \(port)",
            "ListenAddress \(listenAddress)",
        ] + ([hostKeyType] + extraHostKeyTypes).map { "HostKey \(hostKeyPath(type: $0))" } + [
            "AuthorizedKeysFile \(authorizedKeysDirectory)/%u",
            "PidFile \(directory.file("sshd.pid"))",
            "UsePAM no",
            "StrictModes no",
            "PermitRootLogin yes",
            "PasswordAuthentication yes",
            "KbdInteractiveAuthentication no",
            "AcceptEnv LANG LC_* COLORTERM",
            "LogLevel VERBOSE",
            "MaxStartups 50",
            // Keep the test host's commands independent of the account's shell start-up files:
            // Debian's bash reads ~/.bashrc for commands sshd runs unless SHLVL says it is nested,
            // and a login shell that does read it (a pyenv init, say) may wait on a rehash lock
            // for a minute when many logins run at once. Tests must not hang on such a machine.
            "SetEnv SHLVL=1 PYENV_REHASH_TIMEOUT=1",
        ]
        try (lines.joined(separator: "\n") + "\n").write(toFile: config, atomically: true, encoding: .utf8)

        let pipe = try PipePair()
        let marker = "Server listening on \(listenAddress) port \(port)"
        let listening = DispatchSemaphore(value: 0)
        let child: ChildProcess
        do {
            child = try ChildProcess("/usr/sbin/sshd", ["-f", config, "-D", "-e"], stderr: pipe.write)
        } catch {
            close(pipe.read); close(pipe.write)
            throw error
        }
        close(pipe.write)
        process = child
        // One thread drains sshd's log until it exits; it signals once the listening line shows.
        let readFD = pipe.read
        Thread.detachNewThread { [self] in
            var signalled = false
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = buffer.withUnsafeMutableBytes { LibC.read(readFD, $0.baseAddress!, $0.count) }
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                let text = String(decoding: buffer[0..<n], as: UTF8.self)
                let seen = logLock.withLock { () -> Bool in
                    logText += text
                    logLock.broadcast()
                    return logText.contains(marker)
                }
                if seen && !signalled { signalled = true; listening.signal() }
            }
            close(readFD)
            if !signalled { listening.signal() }
        }
        if listening.wait(timeout: .now() + 15) == .timedOut || !child.isRunning || !log.contains(marker) {
            stop()
            throw TestSupportError("sshd did not start on port \(port):\n\(log)")
        }
    }

    /// A port that was free a moment ago (bind to port 0, read it back, close).
    public static func freePort(address: String = "127.0.0.1") throws -> Int {
        let isV6 = address.contains(":")
        let fd = socket(isV6 ? AF_INET6 : AF_INET, streamSocketType, 0)
        guard fd >= 0 else { throw TestSupportError("socket() failed") }
        defer { close(fd) }
        if isV6 {
            var addr = sockaddr_in6()
            addr.sin6_family = sa_family_t(AF_INET6)
            inet_pton(AF_INET6, address, &addr.sin6_addr)
            var len = socklen_t(MemoryLayout<sockaddr_in6>.size)
            try withUnsafeMutablePointer(to: &addr) { ptr in
                try ptr.withMemoryRebound(to: sockaddr.self, capacity: 1) { sa in
                    guard bind(fd, sa, len) == 0, getsockname(fd, sa, &len) == 0 else { throw TestSupportError("bind failed") }
                }
            }
            return Int(UInt16(bigEndian: addr.sin6_port))
        }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        inet_pton(AF_INET, address, &addr.sin_addr)
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        try withUnsafeMutablePointer(to: &addr) { ptr in
            try ptr.withMemoryRebound(to: sockaddr.self, capacity: 1) { sa in
                guard bind(fd, sa, len) == 0, getsockname(fd, sa, &len) == 0 else { throw TestSupportError("bind failed") }
            }
        }
        return Int(UInt16(bigEndian: addr.sin_port))
    }
}

public struct TestSupportError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
