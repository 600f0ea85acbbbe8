import Foundation
import XCTest
import SSH
import Identity
import TestSupport

/// `~/.ssh/known_hosts` (read only, hashed by `ssh-keygen -H`) vouches for a host key Drover
/// has not pinned: a match is pinned with a note and nothing is asked; another key of the type
/// is a hard stop; with the file turned off, the person is asked. Against the real sshd.
final class OpenSSHKnownHostsTrustTests: XCTestCase {
    private var fixture: SSHFixture!
    private var pins: KnownHosts!
    private var home: String!
    private var sshFile: String { home + "/.ssh/known_hosts" }
    private var asked = 0
    private var notes: [String] = []

    override func setUpWithError() throws {
        fixture = try SSHFixture()
        pins = KnownHosts(path: fixture.sshd.directory.file("drover-home/known_hosts"))
        home = fixture.sshd.directory.file("home")
        try FileManager.default.createDirectory(atPath: home + "/.ssh", withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
    }

    override func tearDown() { fixture.tearDown() }

    /// Writes `[127.0.0.1]:PORT KEYLINE` and hashes the file with ssh-keygen -H.
    private func writeHashed(keyLine: String) throws {
        try "[127.0.0.1]:\(fixture.sshd.port) \(keyLine)\n".write(toFile: sshFile, atomically: true, encoding: .utf8)
        try Shell.run("/usr/bin/ssh-keygen", ["-q", "-H", "-f", sshFile])
        let text = try String(contentsOfFile: sshFile, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("|1|") && !text.contains("127.0.0.1"), "the file is hashed:\n\(text)")
    }

    private func connect(openSSH: Bool) throws -> SSHSession {
        let openSSHPins = HostKeyTrust.openSSHKnownHosts(home: home, enabled: openSSH)
        let trust = HostKeyTrust(knownHosts: pins, openSSH: openSSHPins, note: { self.notes.append($0) }) { _ in
            self.asked += 1
            return false
        }
        return try SSHSession.open(to: fixture.endpoint, verifyHostKey: trust.verify,
                                   credentials: SSHCredentials(privateKeys: [try fixture.clientKey()]))
    }

    func testAKeyInHashedKnownHostsIsPinnedWithANoteAndNotAsked() throws {
        try writeHashed(keyLine: try fixture.sshd.hostPublicKeyLine())
        let before = try String(contentsOfFile: sshFile, encoding: .utf8)
        XCTAssertEqual(try connect(openSSH: true).run(command: "echo in").stdout.text, "in\n")
        XCTAssertEqual(asked, 0)
        XCTAssertEqual(notes.count, 1)
        XCTAssertTrue(notes[0].contains(try fixture.sshd.hostKeyFingerprint()) && notes[0].contains("~/.ssh/known_hosts"), notes[0])
        XCTAssertEqual(try pins.list().map(\.fingerprint), [try fixture.sshd.hostKeyFingerprint()], "now pinned in Drover's file")
        XCTAssertEqual(try String(contentsOfFile: sshFile, encoding: .utf8), before, "OpenSSH's file is never written")
    }

    func testAnotherKeyInKnownHostsIsAHardStop() throws {
        let other = fixture.sshd.directory.file("other_host_key")
        try Shell.run("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", other])
        try writeHashed(keyLine: String(contentsOfFile: other + ".pub", encoding: .utf8).trimmingCharacters(in: .newlines))
        XCTAssertThrowsError(try connect(openSSH: true)) { error in
            guard case .openSSHHostKeyChanged? = error as? SSHError else { return XCTFail("\(error)") }
            let text = "\(error)"
            XCTAssertTrue(text.contains("HOST KEY CHANGED") && text.contains("ssh-keygen -R \"[127.0.0.1]:\(self.fixture.sshd.port)\""), text)
        }
        XCTAssertEqual(asked, 0)
        XCTAssertEqual(try pins.list(), [], "nothing pinned")
    }

    func testTurnedOffTheFileIsNotReadAndThePersonIsAsked() throws {
        try writeHashed(keyLine: try fixture.sshd.hostPublicKeyLine())
        XCTAssertThrowsError(try connect(openSSH: false))
        XCTAssertEqual(asked, 1)
        XCTAssertEqual(notes, [])
    }

    func testNothingForThisPortInTheFileAsks() throws {
        try "127.0.0.1 \(try fixture.sshd.hostPublicKeyLine())\n".write(toFile: sshFile, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try connect(openSSH: true))
        XCTAssertEqual(asked, 1, "a key for port 22 says nothing about port \(fixture.sshd.port)")
    }
}
