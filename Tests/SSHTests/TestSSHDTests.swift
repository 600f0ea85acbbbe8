import Foundation
import XCTest
import TestSupport

/// The test sshd is real: OpenSSH's own client logs in with an authorized key and runs a command.
final class TestSSHDTests: XCTestCase {
    func testOpenSSHClientLogsInWithAuthorizedKey() throws {
        let sshd = try TestSSHD()
        defer { sshd.tearDown() }
        let key = sshd.directory.file("client_key")
        try Shell.run("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", key])
        try sshd.authorize(String(contentsOfFile: key + ".pub", encoding: .utf8))
        let known = sshd.directory.file("known_hosts")
        try "[127.0.0.1]:\(sshd.port) \(sshd.hostPublicKeyLine())\n".write(toFile: known, atomically: true, encoding: .utf8)
        let out = try Shell.run("/usr/bin/ssh", [
            "-i", key, "-p", String(sshd.port), "-o", "UserKnownHostsFile=\(known)", "-o", "StrictHostKeyChecking=yes",
            "-o", "BatchMode=yes", "\(TestSSHD.currentUser)@127.0.0.1", "echo hello-$((40+2))",
        ])
        XCTAssertEqual(out, "hello-42\n")
        XCTAssertTrue(try sshd.hostKeyFingerprint().hasPrefix("SHA256:"))
    }
}
