import Files
import Foundation
import Identity
import TestSupport
import XCTest
@testable import DroverCLI

/// Issue 24's key order, through `drover doctor` (the login attach makes) against a real sshd
/// and a real ssh-agent holding 7 keys the server does not know. The sshd's own log counts the
/// keys offered: "Failed publickey" per refused key, "Accepted publickey" for the one let in.
final class KeyOrderCLITests: XCTestCase {
    private var sshd: TestSSHD!
    private var dir: TemporaryDirectory!
    private var agent: TestAgent!
    private var home: String { dir.file("home") }
    private var env: [String: String] {
        ["DROVER_HOME": dir.file("drover"), "USER": TestSSHD.currentUser, "HOME": home, "SSH_AUTH_SOCK": agent.socketPath]
    }

    private func start(maxAuthTries: Int, unrelatedKeys: Int = 7) throws {
        dir = try TemporaryDirectory(prefix: "drover-keyorder")
        try FileManager.default.createDirectory(atPath: home + "/.ssh", withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        sshd = try TestSSHD(extraConfig: ["MaxAuthTries \(maxAuthTries)"])
        agent = try TestAgent(directory: dir)
        try agent.addUnrelatedKeys(unrelatedKeys, in: dir)
    }

    override func tearDown() {
        agent?.stop()
        sshd?.tearDown()
        dir?.remove()
    }

    /// An authorized key file at `~/name` (not in the agent unless added).
    private func authorizedKeyFile(_ name: String) throws -> String {
        let path = home + "/" + name
        try Shell.run("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-C", name, "-f", path])
        try sshd.authorize(String(contentsOfFile: path + ".pub", encoding: .utf8))
        return path
    }

    private func addHost(_ extra: [String]) {
        CLIHarness.checked(["hosts", "add", "box", "127.0.0.1", "--port", String(sshd.port), "--user", TestSSHD.currentUser]
                           + extra, environment: env)
    }

    private func count(_ text: String) -> Int { sshd.log.components(separatedBy: text).count - 1 }

    /// The sshd has logged `accepted` logins in all (its log arrives through a pipe).
    private func awaitAccepted(_ accepted: Int) {
        XCTAssertTrue(sshd.waitForLog { $0.components(separatedBy: "Accepted publickey").count - 1 >= accepted }, sshd.log)
    }

    func testIdentitiesOnlyHostLogsInWithItsFileOnAServerAllowingThreeTries() throws {
        try start(maxAuthTries: 3)
        _ = try authorizedKeyFile("work_key")
        addHost(["--identity", "~/work_key", "--identities-only"])
        let show = CLIHarness.checked(["hosts", "show", "box"], environment: env).out
        XCTAssertNotNil(show.range(of: #"identities-only: +yes: only the identity files are offered"#, options: .regularExpression), show)
        let h = CLIHarness(environment: env)
        XCTAssertEqual(h.run("doctor", "box", "--yes"), 0, h.err + h.out)
        XCTAssertTrue(h.out.contains("identities only: no device key, no other ssh-agent key"), h.out)
        XCTAssertTrue(h.out.components(separatedBy: "\n").contains { $0.hasPrefix("  login") && $0.hasSuffix("~/work_key") }, h.out)
        awaitAccepted(1)
        XCTAssertEqual(count("Failed publickey"), 0, "only the named file was offered:\n\(sshd.log)")
    }

    /// The same file held by the agent is signed there: no passphrase, still only that key.
    func testIdentitiesOnlySignsThroughTheAgentWhenItHoldsTheFile() throws {
        try start(maxAuthTries: 3)
        let path = try authorizedKeyFile("work_key")
        try agent.add(keyPath: path)
        addHost(["--identity", "~/work_key", "--identities-only"])
        let h = CLIHarness(environment: env)
        XCTAssertEqual(h.run("doctor", "box", "--yes"), 0, h.err + h.out)
        XCTAssertTrue(h.out.contains("~/work_key through ssh-agent"), h.out)
        awaitAccepted(1)
        XCTAssertEqual(count("Failed publickey"), 0, sshd.log)
    }

    /// A key only the agent holds (a password manager's, a token's) is named by its public key
    /// file, as with ssh's IdentityFile: the agent signs, and nothing else is offered.
    func testIdentitiesOnlyWithAPublicKeyFileOffersTheAgentsKey() throws {
        try start(maxAuthTries: 3)
        let path = try authorizedKeyFile("vault_key")
        try agent.add(keyPath: path)
        try FileManager.default.removeItem(atPath: path)
        addHost(["--identity", "~/vault_key.pub", "--identities-only"])
        let h = CLIHarness(environment: env)
        XCTAssertEqual(h.run("doctor", "box", "--yes"), 0, h.err + h.out)
        XCTAssertTrue(h.out.contains("1. ~/vault_key.pub (ssh-ed25519, public key only: offered when the ssh-agent holds it)"), h.out)
        XCTAssertTrue(h.out.contains("~/vault_key.pub through ssh-agent"), h.out)
        awaitAccepted(1)
        XCTAssertEqual(count("Failed publickey"), 0, sshd.log)
    }

    /// On the old code this ran out of tries and said "add this device's key".
    func testTooManyFailuresIsSaidWithTheKeysTriedAndTheExactFix() throws {
        try start(maxAuthTries: 3)
        addHost([])
        let h = CLIHarness(environment: env)
        XCTAssertNotEqual(h.run("doctor", "box", "--yes"), 0, h.out)
        XCTAssertTrue(h.err.contains("ended the login as '\(TestSSHD.currentUser)' with \"Too many authentication failures\""), h.err)
        // No key is guessed before the free "none" request, so all three tries go to keys.
        XCTAssertTrue(h.err.contains("after 3 refused keys (device key, ssh-agent key unrelated-0, ssh-agent key unrelated-1)"),
                      h.err)
        XCTAssertTrue(h.err.contains("'drover hosts edit box --identities-only --identity FILE'"), h.err)
        XCTAssertFalse(h.err.contains("put this device's key"), h.err)
        // The fix it names works.
        _ = try authorizedKeyFile("work_key")
        CLIHarness.checked(["hosts", "edit", "box", "--identities-only", "--identity", "~/work_key"], environment: env)
        let again = CLIHarness(environment: env)
        XCTAssertEqual(again.run("doctor", "box"), 0, again.err)
    }

    /// With sshd's default MaxAuthTries 6, the agent's 5th key still logs in after the device
    /// key and four others: no key is guessed before the "none" request, which sshd counts as a
    /// failed try when it follows a refused key.
    func testTheAgentsFifthKeyLogsInWithinTheDefaultSixTries() throws {
        _ = try logInWithAgentKey("fifth", after: 4, maxAuthTries: 6)
        XCTAssertEqual(count("Failed publickey"), 5, "the device key and 4 unrelated agent keys first:\n\(sshd.log)")
    }

    /// Starts an sshd allowing `maxAuthTries`, an agent with `unrelated` keys and then the key
    /// `name`, the only one the host accepts (its file removed: the agent alone holds it), and
    /// logs in once with doctor. Returns the key's path (its `.pub` stays).
    private func logInWithAgentKey(_ name: String, after unrelated: Int, maxAuthTries: Int) throws -> String {
        try start(maxAuthTries: maxAuthTries, unrelatedKeys: unrelated)
        let path = try authorizedKeyFile(name)
        try agent.add(keyPath: path)
        try FileManager.default.removeItem(atPath: path)
        addHost([])
        let h = CLIHarness(environment: env)
        XCTAssertEqual(h.run("doctor", "box", "--yes"), 0, h.err + h.out)
        XCTAssertTrue(h.out.contains("ssh-agent key \(name)"), h.out)
        awaitAccepted(1)
        return path
    }

    /// The agent's 7th key logs in (after the device key and six others); the second login
    /// offers it first: the sshd sees no refused key at all.
    func testTheKeyThatLoggedInGoesFirstNextTime() throws {
        let path = try logInWithAgentKey("seventh", after: 6, maxAuthTries: 10)
        XCTAssertEqual(count("Failed publickey"), 7, "device key and 6 unrelated agent keys first:\n\(sshd.log)")
        let fingerprint = try XCTUnwrap(try Shell.run("/usr/bin/ssh-keygen", ["-lf", path + ".pub"]).split(separator: " ").dropFirst().first)
        let show = CLIHarness.checked(["hosts", "show", "box"], environment: env).out
        XCTAssertTrue(show.contains("last key:") && show.contains(String(fingerprint)), show)

        let second = CLIHarness(environment: env)
        XCTAssertEqual(second.run("doctor", "box"), 0, second.err)
        XCTAssertTrue(second.out.contains("1. the key that last logged in here, \(fingerprint)"), second.out)
        awaitAccepted(2)
        XCTAssertEqual(count("Failed publickey"), 7, "the remembered key went first:\n\(sshd.log)")
    }
}
