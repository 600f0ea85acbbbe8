import Foundation
import XCTest
import SSH
import TestSupport

/// The presented host key: type, fingerprint as ssh-keygen prints it, and a refusal that
/// stops everything.
final class HostKeyTests: XCTestCase {
    func testEd25519KeyTypeBlobAndFingerprintMatchOpenSSH() throws {
        let fixture = try SSHFixture()
        defer { fixture.tearDown() }
        let session = try SSHSession.connect(to: fixture.endpoint)
        let publicLine = try fixture.sshd.hostPublicKeyLine().split(separator: " ")
        XCTAssertEqual(session.hostKey.keyType, "ssh-ed25519")
        XCTAssertEqual(session.hostKey.base64Blob, String(publicLine[1]))
        XCTAssertEqual(session.hostKey.fingerprint, try fixture.sshd.hostKeyFingerprint())
        XCTAssertEqual(session.hostKey.peer, PeerAddress(address: "127.0.0.1", port: fixture.sshd.port))
    }

    func testECDSAHostKeyIsAccepted() throws {
        let fixture = try SSHFixture(hostKeyType: "ecdsa")
        defer { fixture.tearDown() }
        let session = try fixture.session()
        XCTAssertEqual(session.hostKey.keyType, "ecdsa-sha2-nistp256")
        XCTAssertEqual(session.hostKey.fingerprint, try fixture.sshd.hostKeyFingerprint())
        XCTAssertEqual(try session.run(command: "echo ok").stdout.text, "ok\n")
    }

    func testEd25519IsPreferredWhenTheServerAlsoHasECDSA() throws {
        let keys = try TemporaryDirectory(prefix: "drover-ecdsa")
        defer { keys.remove() }
        try Shell.run("/usr/bin/ssh-keygen", ["-q", "-t", "ecdsa", "-N", "", "-f", keys.file("ecdsa_key")])
        // extraConfig goes first, so sshd lists the ECDSA key before the ed25519 one.
        let fixture = try SSHFixture(extraConfig: ["HostKey \(keys.file("ecdsa_key"))"])
        defer { fixture.tearDown() }
        let session = try SSHSession.connect(to: fixture.endpoint)
        XCTAssertEqual(session.hostKey.keyType, "ssh-ed25519")
        XCTAssertEqual(session.hostKey.fingerprint, try fixture.sshd.hostKeyFingerprint())
    }

    func testRefusedHostKeyStopsBeforeAnyLoginAttempt() throws {
        let fixture = try SSHFixture()
        defer { fixture.tearDown() }
        struct Refused: Error {}
        let session = try SSHSession.connect(to: fixture.endpoint)
        XCTAssertThrowsError(try session.verifyHostKey { _ in throw Refused() }) { XCTAssertTrue($0 is Refused) }
        XCTAssertThrowsError(try session.authenticate(SSHCredentials(privateKeys: [try fixture.clientKey()]))) {
            XCTAssertEqual($0 as? SSHError, .hostKeyNotVerified)
        }
        XCTAssertThrowsError(try session.exec("touch /nonexistent"))
        XCTAssertFalse(fixture.sshd.log.contains("Accepted publickey"), fixture.sshd.log)
        XCTAssertFalse(fixture.sshd.log.contains("Failed"), fixture.sshd.log)
    }

    func testIPv6LoopbackWorks() throws {
        guard Self.hasIPv6Loopback() else { throw XCTSkip("this machine has no ::1 loopback address") }
        let fixture = try SSHFixture(listenAddress: "::1")
        defer { fixture.tearDown() }
        let session = try fixture.session()
        XCTAssertEqual(session.peer, PeerAddress(address: "::1", port: fixture.sshd.port))
        XCTAssertEqual(try session.run(command: "echo v6").stdout.text, "v6\n")
    }

    private static func hasIPv6Loopback() -> Bool {
        (try? TestSSHD.freePort(address: "::1")) != nil
    }
}
