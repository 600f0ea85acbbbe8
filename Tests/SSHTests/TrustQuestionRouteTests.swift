import Foundation
import XCTest
import SSH
import TestSupport

/// The first-contact question names the host as the person typed it and what answered, the way
/// OpenSSH's does (`The authenticity of host '[localhost]:2222 ([127.0.0.1]:2222)' can't be
/// established.`), and never calls a port the sshd's own when it may be a forward: through
/// `ssh -L` (real OpenSSH on the test sshd) and through a jump host.
final class TrustQuestionRouteTests: XCTestCase {
    private var fixtures: [SSHFixture] = []
    /// The control socket of the `ssh -L` master, if one runs.
    private var forwardControl: String?

    override func tearDown() {
        if let forwardControl {
            _ = try? Shell.execute("/usr/bin/ssh", ["-S", forwardControl, "-O", "exit", "forward"])
        }
        fixtures.forEach { $0.tearDown() }
    }

    /// The question `session`'s key would get.
    private func question(_ session: SSHSession) -> String {
        UnknownHostKey(key: session.hostKey).question
    }

    func testThroughALocalForwardItNamesWhatWasTypedAndWhatAnswered() throws {
        let fixture = try SSHFixture()
        fixtures = [fixture]
        let port = try startForward(to: fixture)
        let session = try SSHSession.connect(to: SSHEndpoint(host: "localhost", port: port, user: fixture.user))
        let text = question(session)
        XCTAssertEqual(session.hostKey.fingerprint, try fixture.sshd.hostKeyFingerprint(), "the sshd at the far end")
        XCTAssertTrue(text.hasPrefix("Drover has not seen localhost:\(port) (127.0.0.1:\(port)) before.\n"), text)
        // The port is the forward's, not the sshd's (which listens on fixture.sshd.port).
        XCTAssertFalse(text.contains("the sshd on port \(port)"), text)
        XCTAssertTrue(text.contains("HostKey named in the config of the sshd that port \(port) leads to"), text)
        XCTAssertTrue(text.contains("if the port is forwarded (ssh -L, a container's -p, a router), that sshd is at the far end."), text)
    }

    func testThroughAJumpHostItNamesTheJumpHostNotAnAddressOfThisComputer() throws {
        fixtures = try (0..<2).map { _ in try SSHFixture() }
        let (jump, target) = (fixtures[0], fixtures[1])
        try target.sshd.authorize(String(contentsOfFile: jump.keyPath + ".pub", encoding: .utf8))
        let first = try SSHSession.connect(to: jump.endpoint)
        try first.verifyHostKey { _ in }
        try first.authenticate(SSHCredentials(privateKeys: [try jump.clientKey()]))
        let inner = try first.connectThrough(to: target.endpoint)
        XCTAssertTrue(question(first).hasPrefix("Drover has not seen 127.0.0.1:\(jump.sshd.port) before.\n"), question(first))
        // OpenSSH says "(<no hostip for proxy command>)": the address the jump host reached is
        // not one of this computer's.
        XCTAssertTrue(question(inner).hasPrefix("Drover has not seen 127.0.0.1:\(target.sshd.port) "
                                                + "(reached through the jump host 127.0.0.1:\(jump.sshd.port)) before.\n"),
                      question(inner))
    }

    func testADirectConnectionByAddressNamesItOnce() throws {
        let fixture = try SSHFixture()
        fixtures = [fixture]
        let session = try SSHSession.connect(to: fixture.endpoint)
        XCTAssertTrue(question(session).hasPrefix("Drover has not seen 127.0.0.1:\(fixture.sshd.port) before.\n"),
                      question(session))
    }

    /// The first line for `host`:`port` answered from `address`:`port`.
    private func firstLine(host: String, port: Int, address: String) -> String {
        let key = PresentedHostKey(host: host, port: port, peer: PeerAddress(address: address, port: port),
                                   keyType: "ssh-ed25519", blob: [1, 2, 3], fingerprint: "SHA256:AAAA")
        return String(UnknownHostKey(key: key).question.split(separator: "\n")[0])
    }

    /// As OpenSSH words it: no port on either side for port 22 (`box (192.0.2.5)`), an IPv6
    /// address bracketed only beside a port, and an address typed in another form of the same
    /// address said once.
    func testTheAddressIsWrittenAsDroverWritesAHostAndPort() {
        XCTAssertEqual(firstLine(host: "box", port: 22, address: "192.0.2.5"), "Drover has not seen box (192.0.2.5) before.")
        XCTAssertEqual(firstLine(host: "box", port: 22, address: "2001:db8::5"), "Drover has not seen box (2001:db8::5) before.")
        XCTAssertEqual(firstLine(host: "box", port: 2222, address: "192.0.2.5"),
                       "Drover has not seen box:2222 (192.0.2.5:2222) before.")
        XCTAssertEqual(firstLine(host: "box", port: 2222, address: "2001:db8::5"),
                       "Drover has not seen box:2222 ([2001:db8::5]:2222) before.")
        XCTAssertEqual(firstLine(host: "192.0.2.5", port: 22, address: "192.0.2.5"), "Drover has not seen 192.0.2.5 before.")
        XCTAssertEqual(firstLine(host: "2001:DB8:0::5", port: 22, address: "2001:db8::5"),
                       "Drover has not seen 2001:DB8:0::5 before.")
        XCTAssertEqual(firstLine(host: "2001:DB8:0:0::5", port: 2222, address: "2001:db8::5"),
                       "Drover has not seen [2001:DB8:0:0::5]:2222 before.")
        XCTAssertEqual(firstLine(host: "fe80::1%eth0", port: 22, address: "fe80:0::1%eth0"), "Drover has not seen fe80::1%eth0 before.")
        XCTAssertEqual(firstLine(host: "2001:db8::6", port: 22, address: "2001:db8::5"),
                       "Drover has not seen 2001:db8::6 (2001:db8::5) before.", "another address is still named")
    }

    /// `ssh -N -L PORT:127.0.0.1:SSHD` logged in to `fixture` itself, as a person forwards a
    /// port: with `-f` and ExitOnForwardFailure the command returns once the forward listens
    /// (an event to await); the master connection it leaves is ended in `tearDown`.
    private func startForward(to fixture: SSHFixture) throws -> Int {
        let port: Int
        do {
            let free = try SilentListener(backlog: 1)   // a free port, closed at the end of this scope
            port = free.port
        }
        let control = fixture.sshd.directory.file("forward.ctl")
        let result = try Shell.execute("/usr/bin/ssh", [
            "-f", "-N", "-M", "-S", control, "-F", "/dev/null", "-i", fixture.keyPath, "-p", String(fixture.sshd.port),
            "-o", "StrictHostKeyChecking=accept-new", "-o", "UserKnownHostsFile=\(fixture.sshd.directory.file("forward_known_hosts"))",
            "-o", "BatchMode=yes", "-o", "ExitOnForwardFailure=yes", "-L", "127.0.0.1:\(port):127.0.0.1:\(fixture.sshd.port)",
            "\(fixture.user)@127.0.0.1"])
        guard result.status == 0 else { throw TestSupportError("ssh -L failed: \(result.stderr)") }
        forwardControl = control
        return port
    }
}
