import Files
import Foundation
import Identity
import SSH
import TestSupport
import XCTest
@testable import DroverCLI

/// `drover ssh-check` against the real test sshd: pins on typed yes, device-key login,
/// output and exit status, changed keys refused.
final class SSHCheckCommandTests: XCTestCase {
    private var sshd: TestSSHD!
    private var dir: TemporaryDirectory!
    private var env: [String: String] { ["DROVER_HOME": dir.file("drover"), "USER": TestSSHD.currentUser] }
    private var target: String { "\(TestSSHD.currentUser)@127.0.0.1:\(sshd.port)" }

    override func setUpWithError() throws {
        dir = try TemporaryDirectory(prefix: "drover-sshcheck")
        sshd = try TestSSHD()
        let key = try DeviceKey.loadOrCreate(root: DroverRoot(path: dir.file("drover")))
        try sshd.authorize(key.publicLine)
    }

    override func tearDown() {
        sshd.tearDown()
        dir.remove()
    }

    func testTypedYesPinsAndCommandOutputAndStatusComeBack() throws {
        let h = CLIHarness(environment: env, input: ["yes"])
        XCTAssertEqual(h.run("ssh-check", target, "--", "echo", "hello;", "exit", "7"), 7, h.err)
        XCTAssertEqual(h.out, "hello\n")
        XCTAssertTrue(h.err.contains(try sshd.hostKeyFingerprint()), h.err)
        XCTAssertTrue(h.err.contains("Type 'yes'"), h.err)
        let pins = try KnownHosts(root: DroverRoot(path: dir.file("drover"))).list()
        XCTAssertEqual(pins.map(\.fingerprint), [try sshd.hostKeyFingerprint()])

        let again = CLIHarness(environment: env)
        XCTAssertEqual(again.run("ssh-check", target, "--", "echo", "second"), 0, again.err)
        XCTAssertEqual(again.out, "second\n")
        XCTAssertFalse(again.err.contains("Type 'yes'"), "a pinned key is not asked about again")
    }

    func testEnterAloneAsksAgainAndNoStopsWithoutRunningAnything() throws {
        let marker = dir.file("must-not-exist")
        let h = CLIHarness(environment: env, input: ["", "y", "no"])
        XCTAssertEqual(h.run("ssh-check", target, "--", "touch", marker), 1)
        XCTAssertEqual(h.err.components(separatedBy: TrustAnswer.hint).count, 3, "Enter and 'y' ask again:\n\(h.err)")
        XCTAssertTrue(h.err.contains("was not trusted"), h.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: marker))
        XCTAssertEqual(try KnownHosts(root: DroverRoot(path: dir.file("drover"))).list(), [])
    }

    func testTypingTheFingerprintTrustsAndAWrongOneAsksAgain() throws {
        let fingerprint = try sshd.hostKeyFingerprint()
        let h = CLIHarness(environment: env, input: ["SHA256:not-this-one", fingerprint])
        XCTAssertEqual(h.run("ssh-check", target, "--", "echo", "in"), 0, h.err)
        XCTAssertEqual(h.out, "in\n")
        XCTAssertTrue(h.err.contains(TrustAnswer.mismatchHint), h.err)
        XCTAssertEqual(try KnownHosts(root: DroverRoot(path: dir.file("drover"))).list().map(\.fingerprint), [fingerprint])
    }

    /// Issue 9 item 1: ECDSA pinned (as `ssh` would have it) on a host whose sshd also serves
    /// Ed25519 connects without a question; it used to be reported as a changed key.
    func testPinnedECDSAKeyOfAServerThatAlsoServesEd25519Connects() throws {
        let dual = try TestSSHD(extraHostKeyTypes: ["ecdsa"])
        defer { dual.tearDown() }
        try dual.authorize(DeviceKey.loadOrCreate(root: DroverRoot(path: dir.file("drover"))).publicLine)
        let ecdsa = try SSHPublicKey(line: dual.hostPublicKeyLine(type: "ecdsa"))
        try KnownHosts(root: DroverRoot(path: dir.file("drover")))
            .add(host: "127.0.0.1", port: dual.port, keyType: ecdsa.type, blob: ecdsa.blob)

        let h = CLIHarness(environment: env)
        XCTAssertEqual(h.run("ssh-check", "\(TestSSHD.currentUser)@127.0.0.1:\(dual.port)", "--", "echo", "in"), 0, h.err)
        XCTAssertEqual(h.out, "in\n")
        XCTAssertFalse(h.err.contains("CHANGED") || h.err.contains("Type 'yes'"), h.err)
    }

    func testChangedHostKeyIsRefusedEvenWithYesFlag() throws {
        XCTAssertEqual(CLIHarness(environment: env).run("ssh-check", "--yes", target, "--", "true"), 0)
        try sshd.replaceHostKey()
        let marker = dir.file("must-not-exist")
        let h = CLIHarness(environment: env, input: ["yes"])
        XCTAssertEqual(h.run("ssh-check", "--yes", target, "--", "touch", marker), 1)
        XCTAssertTrue(h.err.contains("HOST KEY CHANGED"), h.err)
        XCTAssertTrue(h.err.contains("drover pins forget 127.0.0.1:\(sshd.port)"), h.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: marker))

        XCTAssertEqual(CLIHarness(environment: env).run("pins", "forget", "127.0.0.1:\(sshd.port)"), 0)
        let after = CLIHarness(environment: env, input: ["yes"])
        XCTAssertEqual(after.run("ssh-check", target, "--", "echo", "ok"), 0, after.err)
        XCTAssertEqual(after.out, "ok\n")
    }

    func testMissingCommandIsAUsageError() {
        let h = CLIHarness(environment: env)
        XCTAssertEqual(h.run("ssh-check", target), 2)
        XCTAssertTrue(h.err.contains("missing the command"), h.err)
        // Like attach, HOST is a registry name or an address: anything else is no known host.
        XCTAssertEqual(h.run("ssh-check", "not a target", "--", "true"), 1)
        XCTAssertTrue(h.err.contains("no host named 'not a target'"), h.err)
    }

    func testBinaryExitsWithRemoteStatus() throws {
        let result = try DroverBinary.run(["ssh-check", "--yes", target, "--", "echo out; exit 5"], home: dir.file("drover"))
        XCTAssertEqual(result.status, 5, result.stderr)
        XCTAssertEqual(result.stdout, "out\n")
    }

    func testCommandIsHiddenFromHelp() {
        let h = CLIHarness(environment: env)
        XCTAssertEqual(h.run("help"), 0)
        XCTAssertFalse(h.out.contains("ssh-check"))
        XCTAssertEqual(h.run("help", "ssh-check"), 0)
        XCTAssertTrue(h.out.contains("usage: drover ssh-check HOST"), h.out)
    }
}
