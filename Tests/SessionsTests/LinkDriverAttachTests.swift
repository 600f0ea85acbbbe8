import Foundation
import XCTest
import Loop
import VT
@testable import SSH
@testable import Sessions
import TestSupport

/// A driver holds one connection at a time: attaching another drops the one before (its socket
/// watch, timers and session), so nothing of it outlives its replacement.
final class LinkDriverAttachTests: XCTestCase {
    func testAttachingAgainDropsTheConnectionBefore() throws {
        let sshd = try TestSSHD()
        defer { sshd.tearDown() }
        let keyPath = sshd.directory.file("client_ed25519")
        try Shell.run("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-C", "drover-test-client", "-f", keyPath])
        try sshd.authorize(String(contentsOfFile: keyPath + ".pub", encoding: .utf8))
        let key = SSHPrivateKey(privateKeyText: try String(contentsOfFile: keyPath, encoding: .utf8),
                                publicKeyLine: try String(contentsOfFile: keyPath + ".pub", encoding: .utf8),
                                label: "device key")
        let endpoint = SSHEndpoint(host: sshd.listenAddress, port: sshd.port, user: TestSSHD.currentUser)
        func connection() throws -> RemoteConnection {
            let session = try SSHSession.open(to: endpoint, verifyHostKey: { _ in },
                                              credentials: SSHCredentials(privateKeys: [key]))
            return RemoteConnection(session: session, channel: try session.exec("cat", pty: SSHPTYRequest()))
        }
        let driver = try LinkDriver(index: 0, target: AttachTarget(displayName: "test", endpoint: endpoint, command: "cat", host: nil),
                                terminal: Terminal(columns: 80, rows: 24), inFront: true, loop: try EventLoop(),
                                keepaliveInterval: 15)
        defer { driver.shutDown() }
        let first = try connection(), second = try connection()
        let generation = driver.beginConnect()
        driver.attach(first, generation: generation)
        driver.attach(second, generation: generation)
        XCTAssertTrue(driver.connection === second)
        XCTAssertEqual(first.session.state, .closed, "the replaced connection is disconnected")
        XCTAssertNotEqual(second.session.state, .closed)
    }
}
