import Foundation
import XCTest
import TestSupport

/// What people bring from ssh, end to end in a tmux pane: a passphrase-protected identity file
/// in ~/.ssh is opened with the passphrase typed in the overlay (never drawn), and a host key
/// that ~/.ssh/known_hosts (hashed) already holds is pinned without a question, while another
/// key there stops the attach. HOME points at a scratch home.
final class AttachSSHKeysTests: XCTestCase {
    private var harness: AttachHarness!
    private let passphrase = "pp-\(UInt32.random(in: 100_000...999_999))"
    private var userHome: String { harness.scratch.file("userhome") }
    private var environment: String { "HOME=\(userHome)" }

    override func setUpWithError() throws {
        harness = try AttachHarness()
        try FileManager.default.createDirectory(atPath: userHome + "/.ssh", withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        try harness.registerHost(command: "exec /bin/sh -c 'echo logged-in-here; read line'")
        try harness.startOuterTerminal(width: 110, height: 30)
    }

    override func tearDown() { harness?.tearDown() }

    func testProtectedIdentityFileLogsInWithThePassphraseTypedInTheOverlay() throws {
        let keyPath = userHome + "/.ssh/id_ed25519"
        try Shell.run("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", passphrase, "-C", "mine", "-f", keyPath])
        // Only that key opens the account: the device key the harness authorized is taken away.
        try String(contentsOfFile: keyPath + ".pub", encoding: .utf8)
            .write(toFile: harness.sshd.authorizedKeysPath(), atomically: true, encoding: .utf8)

        try harness.attachTrusting(until: "Passphrase for ~/.ssh/id_ed25519", environment: environment)
        let asking = try harness.screen()
        XCTAssertTrue(asking.contains("is protected by a passphrase"), asking)
        try harness.type(passphrase)
        let typed = try harness.screen()
        XCTAssertFalse(typed.contains(passphrase), "the passphrase is not drawn:\n\(typed)")
        try harness.type("\n")
        let screen = try harness.waitFor("logged-in-here")
        XCTAssertFalse(screen.contains(passphrase), screen)
        XCTAssertFalse(harness.sshd.log.contains(passphrase), "nor logged")
    }

    /// The passphrase is kept for the run: a reconnect opens the key without asking again.
    func testAReconnectReusesThePassphraseGivenInThisRun() throws {
        let keyPath = userHome + "/.ssh/id_ed25519"
        try Shell.run("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", passphrase, "-f", keyPath])
        try String(contentsOfFile: keyPath + ".pub", encoding: .utf8)
            .write(toFile: harness.sshd.authorizedKeysPath(), atomically: true, encoding: .utf8)
        try harness.attachTrusting(until: "Passphrase for ~/.ssh/id_ed25519", environment: environment)
        try harness.type("\(passphrase)\n")
        try harness.waitFor("logged-in-here")

        try harness.sshd.stopAndDropConnections()
        try harness.waitFor("reconnecting")
        try harness.sshd.restart()
        try harness.keys("C-]", "r")
        let screen = try harness.waitUntil("a second login", timeout: 30) {
            $0.components(separatedBy: "logged-in-here").count == 3
        }
        XCTAssertFalse(screen.contains("Key passphrase"), screen)
    }

    func testAHostKeyInHashedKnownHostsAttachesWithoutAQuestion() throws {
        try writeHashedKnownHosts(keyLine: harness.sshd.hostPublicKeyLine())
        try harness.startAttach(environment: environment)
        let screen = try harness.waitFor("logged-in-here")
        XCTAssertFalse(screen.contains("Type 'yes'"), screen)
        let pins = try harness.drover(["pins"])
        XCTAssertTrue(pins.contains(try harness.sshd.hostKeyFingerprint()), "pinned in Drover's file:\n\(pins)")
    }

    func testAnotherKeyInKnownHostsIsAHardStop() throws {
        let other = harness.scratch.file("other_key")
        try Shell.run("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", other])
        try writeHashedKnownHosts(keyLine: String(contentsOfFile: other + ".pub", encoding: .utf8))
        try harness.startAttach(environment: environment)
        let (status, screen) = try harness.waitForExit()
        XCTAssertNotEqual(status, 0)
        XCTAssertTrue(screen.contains("HOST KEY CHANGED"), screen)
        XCTAssertFalse(screen.contains("logged-in-here"), screen)
    }

    func testNoSSHKnownHostsAsksInstead() throws {
        try writeHashedKnownHosts(keyLine: harness.sshd.hostPublicKeyLine())
        try harness.attachTrusting(until: "logged-in-here", environment: environment, options: "--no-ssh-known-hosts")
    }

    /// The host's own setting turns it off too.
    func testAHostWithNoSSHKnownHostsAsks() throws {
        try writeHashedKnownHosts(keyLine: harness.sshd.hostPublicKeyLine())
        try harness.drover(["hosts", "edit", "e2e", "--no-ssh-known-hosts"])
        try harness.attachTrusting(until: "logged-in-here", environment: environment)
    }

    private func writeHashedKnownHosts(keyLine: String) throws {
        let path = userHome + "/.ssh/known_hosts"
        try "[127.0.0.1]:\(harness.sshd.port) \(keyLine.trimmingCharacters(in: .whitespacesAndNewlines))\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        try Shell.run("/usr/bin/ssh-keygen", ["-q", "-H", "-f", path])
    }
}
