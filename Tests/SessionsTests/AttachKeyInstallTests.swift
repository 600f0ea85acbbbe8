import Foundation
import XCTest
import TestSupport
import LibC

/// Issue 28's `drover key install HOST` as a person runs it in a terminal: the password typed
/// at its prompt is what logged in (sshd says "Accepted password"), then `drover attach HOST
/// --auth device-key` logs in with the device key alone; a second install adds nothing.
final class AttachKeyInstallTests: XCTestCase {
    func testAPasswordLoginInstallsTheKeyAndAttachThenLogsInWithTheDeviceKeyAlone() throws {
        let harness = try AttachHarness()
        defer { harness.tearDown() }
        let account = try ThrowawayAccount(sshd: harness.sshd)
        defer { account.remove() }
        let password = "pw-\(UInt32.random(in: 100_000...999_999))"
        try Shell.run("/usr/sbin/chpasswd", [], input: "\(account.name):\(password)\n")
        try FileManager.default.removeItem(atPath: account.home + "/.ssh")
        try harness.drover(["hosts", "add", "acct", "--host", "127.0.0.1", "--port", String(harness.sshd.port),
                            "--user", account.name, "--command", "echo as-$(id -un)-end; exec /bin/sh"])
        let deviceKey = try String(contentsOfFile: harness.home + "/device_ed25519.pub", encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        try harness.startOuterTerminal(width: 160, height: 30)

        // A HOME without keys and no agent: the device key is refused, then the password is asked.
        let clean = "env -u SSH_AUTH_SOCK HOME=\(harness.scratch.file("empty-home"))"
        try harness.type("\(clean) drover key install acct --yes; echo INSTALLED=$?\n")
        try harness.waitFor("assword", timeout: 30)
        try harness.type(password + "\n")
        try harness.waitFor("INSTALLED=0", timeout: 30)
        XCTAssertTrue(harness.sshd.waitForLog { $0.contains("Accepted password for \(account.name)") }, harness.sshd.log)
        XCTAssertEqual(account.authorizedKeyLines(), [deviceKey])
        XCTAssertFalse(try harness.screen().contains(password), "the password is never shown")

        try harness.type("\(clean) drover key install acct; echo AGAIN=$?\n")
        try harness.waitFor("AGAIN=0", timeout: 30)
        XCTAssertEqual(account.authorizedKeyLines(), [deviceKey], "running it twice leaves one line")

        try harness.type("clear\n")
        try harness.waitUntil("a clear outer screen") { !$0.contains("AGAIN=") }
        let before = harness.sshd.log.components(separatedBy: "Accepted publickey for \(account.name)").count
        try harness.startAttach(hosts: ["acct"], options: "--auth device-key")
        try harness.waitFor("as-\(account.name)-end", timeout: 30)
        XCTAssertTrue(harness.sshd.waitForLog {
            $0.components(separatedBy: "Accepted publickey for \(account.name)").count > before
        }, harness.sshd.log)
        XCTAssertEqual(harness.sshd.log.components(separatedBy: "Accepted password for \(account.name)").count, 2,
                       "only key install's first login used the password")
        try harness.type("exit\n")
        XCTAssertEqual(try harness.waitForExit().status, 0)
    }
}
