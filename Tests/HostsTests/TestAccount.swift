import Foundation
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A throwaway local user account (tests run as root): `drover-t<random>`, bash as login
/// shell, home under a temporary directory, password field `*` so sshd with `UsePAM no`
/// does not treat it as locked. `remove()` deletes it with `userdel -r`.
final class TestAccount {
    let name: String
    let directory: TemporaryDirectory
    var home: String { directory.file("home") }

    init() throws {
        name = "drover-t" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(8).lowercased()
        directory = try TemporaryDirectory(prefix: "drover-account")
        chmod(directory.path, 0o755)
        try Shell.run("/usr/sbin/useradd", ["-m", "-d", home, "-s", "/bin/bash", name])
        do {
            try Shell.run("/usr/sbin/usermod", ["-p", "*", name])
        } catch {
            remove()
            throw error
        }
    }

    /// Writes `text` to `~/relativePath`, owned by the account.
    func writeFile(_ relativePath: String, _ text: String, mode: mode_t = 0o644) throws {
        let path = home + "/" + relativePath
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        chmod(path, mode)
        guard let pw = getpwnam(name) else { throw TestSupportError("no passwd entry for \(name)") }
        chown(path, pw.pointee.pw_uid, pw.pointee.pw_gid)
    }

    func readFile(_ relativePath: String) -> String? {
        try? String(contentsOfFile: home + "/" + relativePath, encoding: .utf8)
    }

    /// Deletes the account and its home. sshd's per-connection process for the account may
    /// still be exiting (userdel then refuses with status 8), so this waits, with a deadline,
    /// until no process runs as the account.
    func remove() {
        let deadline = Date().addingTimeInterval(15)
        while let r = try? Shell.execute("/usr/sbin/userdel", ["-r", name]), r.status == 8, Date() < deadline {
            waitForProcessesToEnd(until: deadline)
        }
        directory.remove()
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
