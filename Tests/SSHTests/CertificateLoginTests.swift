import Foundation
import Identity
import SSH
import TestSupport
import XCTest

/// OpenSSH user certificates against an sshd that trusts a user CA (`TrustedUserCAKeys`) and
/// has no authorized_keys line for the key: only the certificate can log in.
final class CertificateLoginTests: XCTestCase {
    private var sshd: TestSSHD!
    private var keyPath: String!
    private var scratch: TemporaryDirectory!

    override func setUpWithError() throws {
        // sshd reads the CA file at each login: it lives as long as the test.
        scratch = try TemporaryDirectory(prefix: "drover-ca")
        let ca = scratch.file("user_ca")
        try Shell.run("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-C", "user-ca", "-f", ca])
        sshd = try TestSSHD(extraConfig: ["TrustedUserCAKeys \(ca).pub"])
        keyPath = sshd.directory.file("id_cert_user")
        try Shell.run("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-C", "cert-user", "-f", keyPath])
        try Shell.run("/usr/bin/ssh-keygen", ["-q", "-s", ca, "-I", "drover-test", "-n", TestSSHD.currentUser, keyPath + ".pub"])
    }

    override func tearDown() {
        sshd.tearDown()
        scratch.remove()
    }

    private func verifiedSession() throws -> SSHSession {
        let session = try SSHSession.connect(to: SSHEndpoint(host: "127.0.0.1", port: sshd.port, user: TestSSHD.currentUser))
        try session.verifyHostKey { _ in }
        return session
    }

    func testTheCertificateBesideAnIdentityFileLogsIn() throws {
        let file = try XCTUnwrap(PrivateKeyFile.load(path: keyPath, displayPath: "~/.ssh/id_cert_user"))
        XCTAssertEqual(file.certificate?.type, "ssh-ed25519-cert-v01@openssh.com")
        var credentials = SSHCredentials(order: [.identityFiles])
        credentials.identityFiles = [file]
        XCTAssertEqual(try verifiedSession().authenticate(credentials), .privateKey(label: "~/.ssh/id_cert_user (certificate)"))
        XCTAssertTrue(sshd.waitForLog { $0.contains("Accepted publickey") && $0.contains("ED25519-CERT") }, sshd.log)
    }

    /// ssh-add loads FILE-cert.pub with the key; the agent signs for the certificate.
    func testACertificateTheAgentHoldsLogsIn() throws {
        let agent = try TestAgent(directory: sshd.directory)
        defer { agent.stop() }
        try agent.add(keyPath: keyPath)
        let session = try verifiedSession()
        let credentials = SSHCredentials(agentSocketPath: agent.socketPath, order: [.agent])
        XCTAssertEqual(try session.authenticate(credentials), .agent(comment: "cert-user"))
        XCTAssertTrue(sshd.waitForLog { $0.contains("Accepted publickey") && $0.contains("ED25519-CERT") }, sshd.log)
    }
}
