import Foundation
import XCTest
import TestSupport
@testable import Sessions

/// ADR 0031's fence, without sshd: the command's two halves run by a real `sh` against a real
/// process (a `sleep` stands in for the lost connection's sshd), and what the host says read back.
final class SSHDFenceTests: XCTestCase {
    /// `ps`'s start time and name of `pid`, as the command's own half reads them.
    private func identity(_ pid: Int32) throws -> SSHDProcess {
        let words = try Shell.run("/bin/sh", ["-c", "echo $(ps -o lstart= -o comm= -p \(pid))"])
            .split(whereSeparator: \.isWhitespace).map(String.init)
        XCTAssertEqual(words.count, 6, "five words of start time and the name")
        return SSHDProcess(pid: Int(pid), started: words.prefix(5).joined(separator: " "), name: words[5])
    }

    func testTheFenceKillsTheSameProcessAndNothingElse() throws {
        let victim = try ChildProcess("/bin/sleep", ["60"])
        defer { victim.terminate() }
        let old = try identity(victim.pid)

        // Another start time: the number was reused, so nothing is killed and the old one is gone.
        let reused = SSHDProcess(pid: old.pid, started: "Thu Jan 1 00:00:00 1970", name: old.name)
        let missed = try Shell.run("/bin/sh", ["-c", SSHDFence.command(stopping: reused)])
        XCTAssertEqual(SSHDFence.read(Array(missed.utf8)).fence, .gone, missed)
        XCTAssertTrue(victim.isRunning)

        let said = try Shell.run("/bin/sh", ["-c", SSHDFence.command(stopping: old)])
        XCTAssertEqual(SSHDFence.read(Array(said.utf8)).fence, .stopped, said)
        XCTAssertEqual(victim.wait(), 128 + SIGKILL, "killed by SIGKILL")
        // Its own half ran too; its parent here is no sshd, so no identity is taken from it.
        XCTAssertTrue(said.contains(SSHDFence.ownMarker), said)
        XCTAssertNil(SSHDFence.read(Array(said.utf8)).own)
    }

    func testOnlyAPlainSSHDIdentityIsTaken() {
        let good = "drover-sshd 4242 Tue Dec 1 23:58:19 2026 sshd\n"
        XCTAssertEqual(SSHDFence.read(Array(good.utf8)).own,
                       SSHDProcess(pid: 4242, started: "Tue Dec 1 23:58:19 2026", name: "sshd"))
        XCTAssertEqual(SSHDFence.read(Array("drover-sshd 7 Tue 1 Dec 23:58:19 2026 sshd-session".utf8)).own?.name,
                       "sshd-session")
        for bad in ["drover-sshd 4242 Tue Dec 1 23:58:19 2026 bash",          // not an sshd
                    "drover-sshd 4242 Tue Dec 1 23:58:19 2026 sshd;reboot",    // not a plain word
                    "drover-sshd 4242 Tue Dec 1 2026 sshd",                    // no time of day
                    "drover-sshd x Tue Dec 1 23:58:19 2026 sshd", ""] {
            XCTAssertNil(SSHDFence.read(Array(bad.utf8)).own, bad)
        }
        XCTAssertNil(SSHDFence.read(Array(good.utf8)).fence, "no fence ran")
        XCTAssertEqual(SSHDFence.read(Array("drover-fence refused\n".utf8)).fence, .refused)
    }
}
