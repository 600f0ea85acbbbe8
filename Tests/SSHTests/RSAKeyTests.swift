import Foundation
import XCTest
import Identity
@testable import SSH
import TestSupport

/// RSA with libssh2 1.11.1 against Debian 12's OpenSSH 9.2 with its default settings, which
/// refuse SHA-1 `ssh-rsa` signatures: a login that works proves rsa-sha2-512/256 was used.
final class RSAKeyTests: XCTestCase {
    func testVersionsParse() {
        XCTAssertEqual(VersionNumber("1.10.0"), VersionNumber(major: 1, minor: 10, patch: 0))
        XCTAssertEqual(VersionNumber("1.11.1_DEV"), VersionNumber(major: 1, minor: 11, patch: 1))
        XCTAssertEqual(VersionNumber("9.2p1"), VersionNumber(major: 9, minor: 2, patch: 0))
        XCTAssertNil(VersionNumber("ten"))
        XCTAssertGreaterThanOrEqual(VersionNumber.libssh2, VersionNumber(major: 1, minor: 11, patch: 1))
    }

    func testRSAHostKeysAreOfferedAfterEd25519AndECDSAAndNeverAsSHA1() {
        let algorithms = SSHOptions.defaultHostKeyAlgorithms
        XCTAssertEqual(algorithms.first, "ssh-ed25519")
        XCTAssertEqual(Array(algorithms.suffix(2)), ["rsa-sha2-512", "rsa-sha2-256"])
        XCTAssertFalse(SSHAlgorithms().proposal(.hostKey).contains("ssh-rsa"), "never SHA-1 unless a host allows it")
        XCTAssertEqual(SSHAlgorithms(legacy: ["ssh-rsa"]).proposal(.hostKey).last, "ssh-rsa")
        XCTAssertEqual(Array(SSHOptions.hostKeyAlgorithms(preferring: ["ssh-rsa"]).prefix(2)),
                       ["rsa-sha2-512", "rsa-sha2-256"], "a pinned RSA key is asked for first")
    }

    /// An RSA-only server presents its RSA key, verified with SHA-2.
    func testRSAOnlyHostKeyIsVerifiedWithSHA2() throws {
        let sshd = try TestSSHD(hostKeyType: "rsa")
        defer { sshd.tearDown() }
        let session = try SSHSession.connect(to: SSHEndpoint(host: "127.0.0.1", port: sshd.port, user: "u"))
        XCTAssertEqual(session.hostKey.keyType, "ssh-rsa")
        XCTAssertEqual(session.hostKey.fingerprint, try sshd.hostKeyFingerprint())
        XCTAssertEqual(session.negotiatedAlgorithms.hostKey, "rsa-sha2-512")
        XCTAssertEqual(session.negotiatedAlgorithms.weak, [])
    }

    /// An old server (ssh-rsa only, as before OpenSSH 7.2) that also has an ed25519 key: with
    /// ssh-rsa allowed and its RSA key pinned, Drover asks for that key first, not the ed25519
    /// one that would look like a different key.
    func testAPinnedRSAKeyOfAnOldServerIsAskedForFirst() throws {
        let sshd = try TestSSHD(extraConfig: ["HostKeyAlgorithms ssh-rsa,ssh-ed25519"], hostKeyType: "rsa",
                                extraHostKeyTypes: ["ed25519"])
        defer { sshd.tearDown() }
        let dir = try TemporaryDirectory(prefix: "drover-rsa-pin")
        defer { dir.remove() }
        let pins = KnownHosts(path: dir.file("known_hosts"))
        let rsa = try SSHPublicKey(line: String(contentsOfFile: sshd.hostKeyPath + ".pub", encoding: .utf8))
        try pins.add(host: "127.0.0.1", port: sshd.port, keyType: rsa.type, blob: rsa.blob)
        var options = SSHOptions()
        options.legacyAlgorithms = ["ssh-rsa"]
        let ordered = try options.preferringPins(in: pins, host: "127.0.0.1", port: sshd.port)
        XCTAssertEqual(Array(ordered.hostKeyAlgorithms?.prefix(4) ?? []),
                       ["rsa-sha2-512", "rsa-sha2-256", "ssh-rsa", "ssh-ed25519"])
        let session = try SSHSession.connect(to: SSHEndpoint(host: "127.0.0.1", port: sshd.port, user: "u"), options: ordered)
        XCTAssertEqual(session.hostKey.fingerprint, try sshd.hostKeyFingerprint())
        XCTAssertEqual(session.negotiatedAlgorithms.weak, ["ssh-rsa (host key)"])
        XCTAssertEqual(try SSHOptions().preferringPins(in: pins, host: "127.0.0.1", port: sshd.port).hostKeyAlgorithms,
                       ["rsa-sha2-512", "rsa-sha2-256"] + SSHOptions.defaultHostKeyAlgorithms.dropLast(2),
                       "without the setting, no ssh-rsa")
    }

    func testRSAIdentityFileLogsIn() throws {
        let fixture = try SSHFixture(extraConfig: ["LogLevel DEBUG1"])
        defer { fixture.tearDown() }
        let rsaPath = try makeAuthorizedRSAKey(fixture, comment: "rsa-file")
        let file = try XCTUnwrap(try PrivateKeyFile.load(path: rsaPath, displayPath: "~/.ssh/id_rsa"))
        XCTAssertEqual(file.keyType, "ssh-rsa")
        let session = try SSHSession.connect(to: fixture.endpoint)
        try session.verifyHostKey { _ in }
        var credentials = SSHCredentials(order: [.identityFiles])
        credentials.identityFiles = [file]
        XCTAssertEqual(try session.authenticate(credentials), .privateKey(label: "~/.ssh/id_rsa"))
        XCTAssertTrue(fixture.sshd.waitForLog { $0.contains("Accepted publickey") && $0.contains("pkalg rsa-sha2-512") },
                      fixture.sshd.log)
    }

    func testRSAKeyInARealAgentLogsIn() throws {
        let fixture = try SSHFixture(extraConfig: ["LogLevel DEBUG1"])
        defer { fixture.tearDown() }
        let rsaPath = try makeAuthorizedRSAKey(fixture, comment: "rsa-in-agent")
        let agent = try TestAgent(directory: fixture.sshd.directory)
        defer { agent.stop() }
        try agent.add(keyPath: rsaPath)
        let session = try SSHSession.connect(to: fixture.endpoint)
        try session.verifyHostKey { _ in }
        let credentials = SSHCredentials(agentSocketPath: agent.socketPath, order: [.agent])
        XCTAssertEqual(try session.authenticate(credentials), .agent(comment: "rsa-in-agent"))
        XCTAssertTrue(fixture.sshd.waitForLog { $0.contains("Accepted publickey") && $0.contains("pkalg rsa-sha2-512") },
                      fixture.sshd.log)
    }

    /// A 3072-bit RSA key (ssh-keygen's default) authorized for the fixture's user.
    private func makeAuthorizedRSAKey(_ fixture: SSHFixture, comment: String) throws -> String {
        let path = fixture.sshd.directory.file("id_rsa")
        try Shell.run("/usr/bin/ssh-keygen", ["-q", "-t", "rsa", "-N", "", "-C", comment, "-f", path])
        try fixture.sshd.authorize(String(contentsOfFile: path + ".pub", encoding: .utf8))
        return path
    }
}
