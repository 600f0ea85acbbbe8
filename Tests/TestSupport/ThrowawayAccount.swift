import Foundation
import LibC

/// A throwaway local user account for tests that log in over a `TestSSHD` (tests run as root).
///
/// `drover-t<random>`, bash as login shell, home under a temporary directory, password field
/// `*` so sshd with `UsePAM no` does not treat it as locked. Its ~/.profile puts a directory
/// holding `herdr` (a symlink to scripts/herdr-standin) first on PATH, so a login shell (the
/// default unix attach command is `exec "$SHELL" -lc 'herdr …'`) finds the stand-in. Its
/// ~/.ssh/authorized_keys is the file the sshd reads for it (`sshd.authorizedKeysPath(for:)`
/// is a symlink to it), owned by the account, so programs running as the account can edit it.
/// `remove()` stops the stand-in's tmux server and deletes the account.
public final class ThrowawayAccount {
    public let name: String
    public let directory: TemporaryDirectory
    public var home: String { directory.file("home") }
    /// The directory first on the login shell's PATH; it holds `herdr`.
    public var binDirectory: String { directory.file("bin") }
    /// The account's ~/.ssh/authorized_keys.
    public var authorizedKeysPath: String { home + "/.ssh/authorized_keys" }

    /// Creates the account. `profile` is appended to ~/.profile after the PATH line.
    public init(sshd: TestSSHD, profile: String = "") throws {
        name = "drover-t" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(8).lowercased()
        directory = try TemporaryDirectory(prefix: "drover-account")
        chmod(directory.path, 0o755)
        try Shell.run("/usr/sbin/useradd", ["-m", "-d", directory.file("home"), "-s", "/bin/bash", name])
        do {
            try Shell.run("/usr/sbin/usermod", ["-p", "*", name])
            try FileManager.default.createDirectory(atPath: binDirectory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o755])
            try Shell.run(Self.repositoryRoot + "/scripts/herdr-standin", ["install", binDirectory])
            try writeFile(".profile", "PATH=\"\(binDirectory):$PATH\"\nexport PATH\n" + profile)
            try FileManager.default.createDirectory(atPath: home + "/.ssh", withIntermediateDirectories: true)
            try setOwner(home + "/.ssh", mode: 0o700)
            try writeFile(".ssh/authorized_keys", "", mode: 0o600)
            try FileManager.default.createSymbolicLink(atPath: sshd.authorizedKeysPath(for: name),
                                                       withDestinationPath: authorizedKeysPath)
        } catch {
            remove()
            throw error
        }
    }

    /// The repository checkout these tests belong to (scripts/ lives there).
    public static var repositoryRoot: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
    }

    /// Writes `text` to `~/relativePath`, owned by the account.
    public func writeFile(_ relativePath: String, _ text: String, mode: mode_t = 0o644) throws {
        let path = home + "/" + relativePath
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        try setOwner(path, mode: mode)
    }

    public func readFile(_ relativePath: String) -> String? {
        try? String(contentsOfFile: home + "/" + relativePath, encoding: .utf8)
    }

    /// Appends an OpenSSH public key line to the account's authorized_keys.
    public func authorize(_ publicKeyLine: String) throws {
        let existing = readFile(".ssh/authorized_keys") ?? ""
        try writeFile(".ssh/authorized_keys", existing + publicKeyLine.trimmingCharacters(in: .whitespacesAndNewlines) + "\n",
                      mode: 0o600)
    }

    /// The lines of the account's authorized_keys.
    public func authorizedKeyLines() -> [String] {
        (readFile(".ssh/authorized_keys") ?? "").split(separator: "\n").map(String.init)
    }

    /// `runuser` and its arguments that run `executable` as the account with a clean
    /// environment (HOME, USER, LOGNAME, SHELL, PATH, LANG) plus `environment`.
    public func commandLine(_ executable: String, _ arguments: [String],
                            environment: [String: String] = [:]) -> (executable: String, arguments: [String]) {
        let base = ["HOME": home, "USER": name, "LOGNAME": name, "SHELL": "/bin/bash", "LANG": "C.UTF-8",
                    "PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"]
        let assignments = base.merging(environment) { $1 }.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        return ("/usr/sbin/runuser", ["-u", name, "--", "/usr/bin/env", "-i"] + assignments + [executable] + arguments)
    }

    /// Runs `executable` as the account until it exits.
    public func execute(_ executable: String, _ arguments: [String], input: String? = nil,
                        environment: [String: String] = [:]) throws -> Shell.Result {
        let line = commandLine(executable, arguments, environment: environment)
        return try Shell.execute(line.executable, line.arguments, input: input)
    }

    /// Stops the stand-in's tmux server, then deletes the account and its home. sshd's
    /// per-connection process for the account may still be exiting (userdel then refuses with
    /// status 8), so this waits, with a deadline, until no process runs as the account.
    public func remove() {
        if getpwnam(name) != nil {
            _ = try? execute("/usr/bin/tmux", ["-L", "herdr-standin", "kill-server"])
        }
        let deadline = Date().addingTimeInterval(15)
        while let r = try? Shell.execute("/usr/sbin/userdel", ["-r", name]), r.status == 8, Date() < deadline {
            waitForProcessesToEnd(until: deadline)
        }
        directory.remove()
    }

    private func setOwner(_ path: String, mode: mode_t) throws {
        guard let pw = getpwnam(name) else { throw TestSupportError("no passwd entry for \(name)") }
        chmod(path, mode)
        guard chown(path, pw.pointee.pw_uid, pw.pointee.pw_gid) == 0 else {
            throw TestSupportError("cannot give \(path) to \(name): \(String(cString: strerror(errno)))")
        }
    }

    /// Polls /proc until no process has the account's uid (there is no event to wait on).
    private func waitForProcessesToEnd(until deadline: Date) {
        guard let pw = getpwnam(name) else { return }
        let uid = pw.pointee.pw_uid
        while Date() < deadline {
            let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc"))?.filter { $0.allSatisfy(\.isNumber) } ?? []
            let running = pids.contains { pid in
                var st = stat()
                return stat("/proc/\(pid)", &st) == 0 && st.st_uid == uid
            }
            if !running { return }
            usleep(20_000)
        }
    }
}
