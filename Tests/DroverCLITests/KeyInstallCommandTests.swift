import Files
import Foundation
import Identity
import TestSupport
import XCTest
@testable import DroverCLI

/// Issue 28: `drover key install HOST` logs in with a password once, appends the device key
/// (creating ~/.ssh 0700 and authorized_keys 0600), never twice, and the device key alone
/// then logs in. A real sshd and a throwaway account with a password and no ~/.ssh.
final class KeyInstallCommandTests: XCTestCase {
    private var sshd: TestSSHD!
    private var account: ThrowawayAccount!
    private var dir: TemporaryDirectory!
    private let password = "pw-\(UInt32.random(in: 100_000...999_999))"
    private var env: [String: String] {
        ["DROVER_HOME": dir.file("drover"), "USER": TestSSHD.currentUser, "HOME": dir.file("home"), "PATH": "/usr/bin:/bin"]
    }

    override func setUpWithError() throws {
        dir = try TemporaryDirectory(prefix: "drover-keyinstall")
        sshd = try TestSSHD()
        account = try ThrowawayAccount(sshd: sshd)
        try Shell.run("/usr/sbin/chpasswd", [], input: "\(account.name):\(password)\n")
        try FileManager.default.removeItem(atPath: account.home + "/.ssh")
        CLIHarness.checked(["hosts", "add", "e2e", "\(account.name)@127.0.0.1:\(sshd.port)"], environment: env)
    }

    override func tearDown() {
        sshd?.tearDown()
        account?.remove()
        dir?.remove()
    }

    func testAPasswordLoginInstallsTheKeyOnceAndTheDeviceKeyAloneThenLogsIn() throws {
        let before = CLIHarness.checked(["doctor", "--yes", "e2e", "--auth", "device-key"], environment: env, expect: 1)
        XCTAssertFalse(before.err.isEmpty, "the device key is not accepted yet")

        let install = CLIHarness.checked(["key", "install", "e2e", "--yes"], environment: env, input: [password])
        XCTAssertTrue(install.out.contains("Added this device's key to ~/.ssh/authorized_keys on e2e (logged in with"), install.out)
        XCTAssertTrue(install.out.contains("Logged in to e2e with the device key alone"), install.out)
        XCTAssertFalse(install.out.contains(password) || install.err.contains(password), "the password is never printed")
        XCTAssertTrue(sshd.log.contains("Accepted password for \(account.name)"), "the password logged in:\n\(sshd.log)")

        var info = stat()
        XCTAssertEqual(stat(account.home + "/.ssh", &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o700)
        XCTAssertEqual(stat(account.authorizedKeysPath, &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o600)
        let line = try DeviceKey.loadOrCreate(root: DroverRoot(path: dir.file("drover"))).publicLine
        XCTAssertEqual(account.authorizedKeyLines(), [line])

        // Logged in with '--auth password' this time: the closing hint does not repeat it, as the
        // key now lets attach in with no password.
        let again = CLIHarness.checked(["key", "install", "e2e", "--auth", "password"], environment: env, input: [password])
        XCTAssertTrue(again.out.contains("already in ~/.ssh/authorized_keys on e2e; nothing added"), again.out)
        XCTAssertTrue(again.out.contains("'drover attach e2e' needs no password now."), again.out)
        XCTAssertFalse(again.out.contains("--auth"), again.out)
        XCTAssertEqual(account.authorizedKeyLines(), [line], "running it twice leaves one line")

        // `--auth device-key`: only the device key is offered, as 'attach e2e --auth device-key' would.
        let after = CLIHarness.checked(["doctor", "e2e", "--auth", "device-key"], environment: env)
        XCTAssertTrue(after.out.contains("All steps worked"), after.out)
    }

    func testAFileWithoutAFinalNewlineGetsOneBeforeTheKey() throws {
        try FileManager.default.createDirectory(atPath: account.home + "/.ssh", withIntermediateDirectories: true)
        try account.writeFile(".ssh/authorized_keys", "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOther other", mode: 0o600)
        try Shell.run("/bin/chown", ["-R", account.name, account.home + "/.ssh"])
        CLIHarness.checked(["key", "install", "e2e", "--yes"], environment: env, input: [password])
        XCTAssertEqual(account.authorizedKeyLines().count, 2, account.authorizedKeyLines().joined(separator: "\n"))
    }

    /// Wrong passwords: the advice is the password or the account, never "add this device's
    /// key" (that is what key install is for), and the command to run again is key install's.
    func testWrongPasswordsAskForThePasswordNotTheKey() {
        let install = CLIHarness.checked(["key", "install", "e2e", "--yes"], environment: env,
                                         input: ["wrong-1", "wrong-2", "wrong-3"], expect: 1)
        XCTAssertTrue(install.err.contains("refused login as '\(account.name)'"), install.err)
        XCTAssertTrue(install.err.contains("so the key could not be put there: check the password"), install.err)
        XCTAssertTrue(install.err.contains("then run 'drover key install e2e' again"), install.err)
        XCTAssertFalse(install.err.contains("authorized_keys of"), "no circular advice: \(install.err)")
        XCTAssertEqual(account.authorizedKeyLines(), [])
    }
}
