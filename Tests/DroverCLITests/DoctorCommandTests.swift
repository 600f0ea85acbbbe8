import Files
import Foundation
import Identity
import SSH
import TestSupport
import XCTest
@testable import DroverCLI

/// `drover doctor` against the real test sshd: the plan (address, key order, pins, what
/// ~/.ssh/known_hosts holds), then each step of a real connection with its time. Also the
/// registry fields it reads (`--identity`, `--no-ssh-known-hosts`) and `ssh-check`, which
/// connects the same way.
final class DoctorCommandTests: XCTestCase {
    private var sshd: TestSSHD!
    private var dir: TemporaryDirectory!
    private var home: String { dir.file("home") }
    private var env: [String: String] { ["DROVER_HOME": dir.file("drover"), "USER": TestSSHD.currentUser, "HOME": home] }
    private var target: String { "\(TestSSHD.currentUser)@127.0.0.1:\(sshd.port)" }

    override func setUpWithError() throws {
        dir = try TemporaryDirectory(prefix: "drover-doctor")
        try FileManager.default.createDirectory(atPath: home + "/.ssh", withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        sshd = try TestSSHD()
        let key = try DeviceKey.loadOrCreate(root: DroverRoot(path: dir.file("drover")))
        try sshd.authorize(key.publicLine)
    }

    override func tearDown() {
        sshd.tearDown()
        dir.remove()
    }

    func testWithoutAHostItPrintsTheLibrariesAndWhatTheyNegotiate() {
        let h = CLIHarness(environment: env)
        XCTAssertEqual(h.run("doctor"), 0, h.err)
        XCTAssertTrue(h.out.hasPrefix("libssh2 \(VersionNumber.libssh2) (run time), OpenSSL "), h.out)
        XCTAssertTrue(h.out.contains("  key exchange: curve25519-sha256"), h.out)
        XCTAssertTrue(h.out.contains("  host keys: ssh-ed25519"), h.out)
        XCTAssertTrue(h.out.contains("  RSA keys, yours and hosts': rsa-sha2-512 and rsa-sha2-256"), h.out)
        XCTAssertFalse(h.out.contains("Connecting:"), "nothing is connected without HOST")
    }

    func testPlanThenTimedStepsAgainstTheLoopbackSSHD() throws {
        try "[127.0.0.1]:\(sshd.port) \(try sshd.hostPublicKeyLine())\n"
            .write(toFile: home + "/.ssh/known_hosts", atomically: true, encoding: .utf8)
        let h = CLIHarness(environment: env)
        XCTAssertEqual(h.run("doctor", target), 0, h.err)
        let lines = h.out.components(separatedBy: "\n")
        let fingerprint = try sshd.hostKeyFingerprint()
        XCTAssertTrue(lines.contains("  address: 127.0.0.1, port \(sshd.port), user \(TestSSHD.currentUser)"), h.out)
        XCTAssertTrue(lines.contains { $0.hasPrefix("    1. device key SHA256:") }, h.out)
        XCTAssertTrue(lines.contains("    2. ssh-agent: SSH_AUTH_SOCK is not set; skipped"), h.out)
        XCTAssertTrue(lines.contains("    3. ~/.ssh/id_ed25519: not found; skipped"), h.out)
        XCTAssertTrue(lines.contains("  Drover pins: none yet"), h.out)
        XCTAssertTrue(lines.contains("  ~/.ssh/known_hosts (read only, vouches for a new key): ssh-ed25519 \(fingerprint)"), h.out)
        let steps = ["TCP and SSH handshake", "host key", "login", "session ('true')"]
        let stepLines = steps.compactMap { step in lines.first { $0.hasPrefix("  " + step.padding(toLength: 22, withPad: " ", startingAt: 0)) } }
        XCTAssertEqual(stepLines.count, 4, h.out)
        for line in stepLines { XCTAssertNotNil(line.range(of: #" \d+ ms  "#, options: .regularExpression), line) }
        XCTAssertTrue(stepLines[0].contains("OpenSSH_"), stepLines[0])
        XCTAssertTrue(stepLines[1].contains(fingerprint), stepLines[1])
        XCTAssertTrue(stepLines[2].hasSuffix("device key"), stepLines[2])
        XCTAssertTrue(stepLines[3].hasSuffix("exit status 0"), stepLines[3])
        XCTAssertTrue(h.err.contains("~/.ssh/known_hosts already trusts it"), "the one-line note: \(h.err)")
        XCTAssertFalse(h.err.contains("Type 'yes'"), h.err)
    }

    /// A registry host's --identity files and --no-ssh-known-hosts are what the plan shows,
    /// and the named file is what logs in (the device key is not authorized here).
    func testRegistryIdentityFileIsPlannedAndLogsIn() throws {
        let keyPath = home + "/work_key"
        try Shell.run("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", keyPath])
        try String(contentsOfFile: keyPath + ".pub", encoding: .utf8)
            .write(toFile: sshd.authorizedKeysPath(), atomically: true, encoding: .utf8)
        CLIHarness.checked(["hosts", "add", "box", "127.0.0.1", "--port", String(sshd.port), "--user", TestSSHD.currentUser,
                            "--identity", "~/work_key", "--identity", "~/missing_key", "--no-ssh-known-hosts"], environment: env)
        let show = CLIHarness.checked(["hosts", "show", "box"], environment: env).out
        XCTAssertTrue(show.contains("identity:  ~/work_key, ~/missing_key"), show)
        XCTAssertTrue(show.contains("not read (--no-ssh-known-hosts)"), show)

        let h = CLIHarness(environment: env)
        XCTAssertEqual(h.run("doctor", "box", "--yes"), 0, h.err)
        // Named files go first now, before the device key (ADR 0013): a key named for a host is
        // the one meant for it. (No agent here, so nothing says it signs.)
        XCTAssertTrue(h.out.contains("    1. ~/work_key (ssh-ed25519)\n"), h.out)
        XCTAssertTrue(h.out.contains("    2. ~/missing_key: not found; skipped"), h.out)
        XCTAssertTrue(h.out.contains("    3. device key SHA256:"), h.out)
        XCTAssertTrue(h.out.contains("  ~/.ssh/known_hosts: not read (--no-ssh-known-hosts)"), h.out)
        XCTAssertTrue(h.out.contains("~/work_key\n"), "the step line names the file that logged in: \(h.out)")
        XCTAssertTrue(h.err.contains("~/missing_key: no such identity file; skipped."), h.err)

        CLIHarness.checked(["hosts", "edit", "box", "--no-identity", "--ssh-known-hosts"], environment: env)
        let edited = CLIHarness.checked(["hosts", "show", "box"], environment: env).out
        XCTAssertTrue(edited.contains("(~/.ssh/id_ed25519, ~/.ssh/id_ecdsa, ~/.ssh/id_rsa if present)"), edited)
        XCTAssertTrue(edited.contains("~/.ssh/known_hosts may vouch"), edited)
    }

    /// The plan lists keys as attach offers them: a password-first --auth asks before any key,
    /// even the remembered one, and a missing file is not said to be signed by an agent.
    func testThePlanFollowsAPasswordFirstOrderAndTheRememberedKey() throws {
        CLIHarness.checked(["hosts", "add", "box", "127.0.0.1", "--port", String(sshd.port), "--user", TestSSHD.currentUser],
                           environment: env)
        XCTAssertEqual(CLIHarness(environment: env).run("doctor", "box", "--yes"), 0)
        CLIHarness.checked(["hosts", "edit", "box", "--auth", "password,device-key,agent"], environment: env)
        var agentEnv = env
        agentEnv["SSH_AUTH_SOCK"] = dir.file("no-agent.sock")
        let h = CLIHarness(environment: agentEnv)
        XCTAssertEqual(h.run("doctor", "box"), 0, h.err)
        let lines = h.out.components(separatedBy: "\n")
        XCTAssertTrue(lines.contains("    1. password, then keyboard-interactive (asked by attach; doctor does not try them)"), h.out)
        XCTAssertTrue(lines.contains { $0.hasPrefix("    2. the key that last logged in here, SHA256:") }, h.out)
        XCTAssertTrue(lines.contains { $0.hasPrefix("    3. device key SHA256:") }, h.out)
        XCTAssertTrue(lines.contains("    5. ~/.ssh/id_ed25519: not found; skipped"), h.out)
    }

    func testSSHCheckTakesAProtectedIdentityFilesPassphraseWithoutShowingIt() throws {
        let keyPath = home + "/.ssh/id_ed25519"
        try Shell.run("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "sesame-42", "-f", keyPath])
        try String(contentsOfFile: keyPath + ".pub", encoding: .utf8)
            .write(toFile: sshd.authorizedKeysPath(), atomically: true, encoding: .utf8)
        let h = CLIHarness(environment: env, input: ["sesame-42"])
        XCTAssertEqual(h.run("ssh-check", "--yes", target, "--", "echo", "in"), 0, h.err)
        XCTAssertEqual(h.out, "in\n")
        XCTAssertTrue(h.err.contains("Passphrase for ~/.ssh/id_ed25519: "), h.err)
        XCTAssertFalse(h.err.contains("sesame-42"), h.err)
    }

    func testUnknownHostAndExtraArgumentsAreUsageErrors() {
        let h = CLIHarness(environment: env)
        XCTAssertEqual(h.run("doctor", "a", "b"), 2)
        XCTAssertTrue(h.err.contains("unexpected argument 'b'"), h.err)
        let unknown = CLIHarness(environment: env)
        XCTAssertEqual(unknown.run("doctor", "nosuchname"), 1)
        XCTAssertTrue(unknown.err.contains("no host named 'nosuchname'"), unknown.err)
        XCTAssertEqual(unknown.out, "", "the host is checked before the library report is printed")
    }

    func testIdentityFileRuleIsChecked() {
        let h = CLIHarness(environment: env)
        XCTAssertEqual(h.run("hosts", "add", "box", "127.0.0.1", "--identity", "bad\u{7}name"), 1)
        XCTAssertTrue(h.err.contains("identity"), h.err)
    }
}
