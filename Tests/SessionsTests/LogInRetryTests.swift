import Foundation
import XCTest
import Files
import Identity
import SSH
import TestSupport
@testable import Sessions

/// `ConnectionPlan.logIn` with `thenExec` against a server that wants two keys: the remembered
/// key alone gets partial success after the channel open went out behind it, so the login is
/// done again on a new connection without the early open, and the command then runs.
final class LogInRetryTests: XCTestCase {
    func testAKeyThatIsNotEnoughAloneIsFollowedByALoginOnANewConnection() throws {
        try checkRetry(throughJumpHost: false)
    }

    /// Through a jump host the second connection is a new channel on the same first hop, whose
    /// socket the spent connection must leave open.
    func testTheNewConnectionWorksThroughAJumpHost() throws {
        try checkRetry(throughJumpHost: true)
    }

    private func checkRetry(throughJumpHost: Bool) throws {
        let sshd = try TestSSHD(extraConfig: ["AuthenticationMethods publickey,publickey"])
        defer { sshd.tearDown() }
        let jump = throughJumpHost ? try TestSSHD() : nil
        defer { jump?.tearDown() }
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let keys = try ["first", "second"].map { name -> SSHPrivateKey in
            let path = scratch.file(name)
            try Shell.run("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", path])
            let publicLine = try String(contentsOfFile: path + ".pub", encoding: .utf8)
            try sshd.authorize(publicLine)
            try jump?.authorize(publicLine)
            return SSHPrivateKey(privateKeyText: try String(contentsOfFile: path, encoding: .utf8),
                                 publicKeyLine: publicLine, label: name)
        }
        let endpoint = SSHEndpoint(host: "127.0.0.1", port: sshd.port, user: TestSSHD.currentUser)
        let plan = ConnectionPlan(endpoint: endpoint, auth: [.deviceKey], identity: [], sshKnownHosts: false,
                                  root: DroverRoot(path: scratch.path), environment: ["HOME": scratch.path],
                                  options: SSHOptions())
        let outer = try jump.map { jump -> SSHSession in
            let session = try SSHSession.connect(to: SSHEndpoint(host: "127.0.0.1", port: jump.port, user: TestSSHD.currentUser))
            try session.verifyHostKey { _ in }
            try session.authenticate(SSHCredentials(privateKeys: keys))
            return session
        }
        var asked = 0
        var handshakes = 0
        var again: [EarlySessionChannelSpent] = []
        let trust = HostKeyTrust(knownHosts: KnownHosts(path: scratch.file("known_hosts"))) { _ in
            asked += 1
            return true
        }
        var built = 0
        // Of two keys only the remembered one goes before "none", with the open behind it.
        var credentials = SSHCredentials(privateKeys: keys)
        credentials.rememberedKey = try SSHPublicKey(line: try XCTUnwrap(keys[0].publicKeyLine)).fingerprint
        let session = try plan.logIn(through: outer, options: SSHOptions(), trust: trust, thenExec: true,
                                     credentials: { built += 1; return credentials },
                                     step: {
                                         if case .handshake = $0 { handshakes += 1 }
                                         if case .again(let reason) = $0 { again.append(reason) }
                                     })
        XCTAssertEqual(handshakes, 2, "the first connection was spent by the early open")
        XCTAssertEqual(again, [EarlySessionChannelSpent(.keyNotEnough)], "the step says why it connects again")
        XCTAssertEqual(built, 1, "credentials (and their notes) are made once")
        XCTAssertEqual(asked, 1, "the key pinned on the first connection is trusted on the second")
        XCTAssertEqual(String(decoding: try session.run(command: "echo in").stdout, as: UTF8.self), "in\n")
    }
}
