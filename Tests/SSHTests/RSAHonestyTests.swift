import Foundation
import XCTest
import Identity
@testable import SSH
import TestSupport

/// libssh2's version decides what RSA can do: with 1.10 (this machine) an RSA agent key that a
/// default OpenSSH server refuses gets the real reason, not "add this device's key".
final class RSAHonestyTests: XCTestCase {
    func testVersionsParseAndOnly111AndLaterNegotiateRSASHA2() {
        XCTAssertEqual(VersionNumber("1.10.0"), VersionNumber(major: 1, minor: 10, patch: 0))
        XCTAssertEqual(VersionNumber("1.11.1_DEV"), VersionNumber(major: 1, minor: 11, patch: 1))
        XCTAssertEqual(VersionNumber("9.2p1"), VersionNumber(major: 9, minor: 2, patch: 0))
        XCTAssertNil(VersionNumber("ten"))
        XCTAssertFalse(VersionNumber(major: 1, minor: 10).supportsRSASHA2)
        XCTAssertTrue(VersionNumber(major: 1, minor: 11).supportsRSASHA2)
        XCTAssertTrue(VersionNumber(major: 2, minor: 0).supportsRSASHA2)
    }

    /// Only a banner of OpenSSH 8.8 or later is evidence that ssh-rsa signatures are refused;
    /// an older OpenSSH or another server accepts them, so a refused RSA key is just not
    /// authorized there and gets the ordinary message.
    func testOnlyOpenSSH88AndLaterCountAsRefusingSSHRSA() {
        XCTAssertTrue(SSHError.refusesSSHRSA(serverBanner: "SSH-2.0-OpenSSH_9.2p1 Debian-2+deb12u3"))
        XCTAssertTrue(SSHError.refusesSSHRSA(serverBanner: "SSH-2.0-OpenSSH_8.8"))
        XCTAssertFalse(SSHError.refusesSSHRSA(serverBanner: "SSH-2.0-OpenSSH_8.7"))
        XCTAssertFalse(SSHError.refusesSSHRSA(serverBanner: "SSH-2.0-OpenSSH_7.4"))
        XCTAssertFalse(SSHError.refusesSSHRSA(serverBanner: "SSH-2.0-dropbear_2022.83"))
        XCTAssertFalse(SSHError.refusesSSHRSA(serverBanner: nil))
    }

    func testRSAHostKeysAreOfferedOnlyWithLibssh2111() {
        let old = SSHOptions.hostKeyAlgorithms(for: VersionNumber(major: 1, minor: 10))
        let new = SSHOptions.hostKeyAlgorithms(for: VersionNumber(major: 1, minor: 11))
        XCTAssertFalse(old.contains { $0.contains("rsa") })
        XCTAssertEqual(Array(new.suffix(2)), ["rsa-sha2-512", "rsa-sha2-256"])
        XCTAssertFalse(new.contains("ssh-rsa"), "never SHA-1")
        XCTAssertEqual(Array(SSHOptions.hostKeyAlgorithms(preferring: ["ssh-rsa"], available: new).prefix(2)),
                       ["rsa-sha2-512", "rsa-sha2-256"], "a pinned RSA key is asked for first")
    }

    func testTheRuntimeVersionIsTheLoadedLibrary() throws {
        let text = try Shell.run("/usr/bin/pkg-config", ["--modversion", "libssh2"]).trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertEqual(VersionNumber.libssh2, VersionNumber(text))
    }

    func testRefusedRSAAgentKeySaysTheServerRefusesSSHRSASignatures() throws {
        try XCTSkipIf(VersionNumber.libssh2.supportsRSASHA2, "libssh2 \(VersionNumber.libssh2) signs with rsa-sha2")
        let fixture = try SSHFixture()
        defer { fixture.tearDown() }
        let rsaPath = fixture.sshd.directory.file("id_rsa")
        try Shell.run("/usr/bin/ssh-keygen", ["-q", "-t", "rsa", "-b", "2048", "-N", "", "-C", "old-rsa", "-f", rsaPath])
        try fixture.sshd.authorize(String(contentsOfFile: rsaPath + ".pub", encoding: .utf8))
        let agent = try TestAgent(directory: fixture.sshd.directory)
        defer { agent.stop() }
        try agent.add(keyPath: rsaPath)

        let session = try SSHSession.connect(to: fixture.endpoint)
        try session.verifyHostKey { _ in }
        let credentials = SSHCredentials(agentSocketPath: agent.socketPath, order: [.agent])
        XCTAssertThrowsError(try session.authenticate(credentials)) { error in
            guard case let .rsaSignatureRefused(_, _, keys, libssh2, _)? = error as? SSHError else { return XCTFail("\(error)") }
            XCTAssertEqual(keys, ["ssh-agent key old-rsa"])
            XCTAssertEqual(libssh2, VersionNumber.libssh2.description)
            let text = "\(error)"
            XCTAssertTrue(text.contains("refuses ssh-rsa (SHA-1) signatures"), text)
            XCTAssertTrue(text.contains("ed25519"), text)
            XCTAssertTrue(text.contains("libssh2 1.11 or newer"), text)
            XCTAssertFalse(text.contains("add this device's key"), text)
            XCTAssertTrue(text.contains("the server (OpenSSH "), "the server's version is named: \(text)")
        }
    }
}
