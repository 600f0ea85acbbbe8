import Foundation
import XCTest
import SSH
import TestSupport

/// Issue 13, jump hosts at the SSH layer: a session runs inside a jump host's `direct-tcpip`
/// channel (libssh2's custom I/O callbacks), through one and through two real sshds, and each
/// hop presents its own host key.
final class JumpTests: XCTestCase {
    private var fixtures: [SSHFixture] = []

    override func tearDown() {
        fixtures.forEach { $0.tearDown() }
    }

    /// `count` sshds; each authorizes the first one's client key. They log at DEBUG1: VERBOSE
    /// does not name direct-tcpip requests, DEBUG1 logs each with its target.
    private func start(_ count: Int) throws -> [SSHFixture] {
        fixtures = try (0..<count).map { _ in try SSHFixture(extraConfig: ["LogLevel DEBUG1"]) }
        let key = try String(contentsOfFile: fixtures[0].keyPath + ".pub", encoding: .utf8)
        for fixture in fixtures.dropFirst() { try fixture.sshd.authorize(key) }
        return fixtures
    }

    /// Logs in to `fixture` over `session` (or directly), checking the key it presents.
    private func hop(to fixture: SSHFixture, through session: SSHSession?) throws -> SSHSession {
        let next = try session.map { try $0.connectThrough(to: fixture.endpoint) } ?? SSHSession.connect(to: fixture.endpoint)
        let expected = try fixture.sshd.hostKeyFingerprint()
        try next.verifyHostKey { key in
            guard key.fingerprint == expected else { throw TestSupportError("unexpected host key \(key.fingerprint)") }
        }
        try next.authenticate(SSHCredentials(privateKeys: [try fixtures[0].clientKey()]))
        return next
    }

    func testACommandRunsThroughOneJumpHost() throws {
        let (jump, target) = try { let f = try start(2); return (f[0], f[1]) }()
        let first = try hop(to: jump, through: nil)
        let inner = try hop(to: target, through: first)
        XCTAssertEqual(inner.jumpCount, 1)
        XCTAssertEqual(inner.hostKey.fingerprint, try target.sshd.hostKeyFingerprint(), "the target's own key")
        XCTAssertNotEqual(inner.hostKey.fingerprint, first.hostKey.fingerprint)
        let result = try inner.run(command: "echo through-$((40+2))")
        XCTAssertEqual(result.stdout.text, "through-42\n")
        XCTAssertTrue(Self.forwarded(in: jump.sshd, to: target.sshd.port),
                      "the jump sshd opened the connection to the target:\n\(jump.sshd.log)")
    }

    func testACommandRunsThroughTwoJumpHostsAndBulkDataFlowsBothWays() throws {
        let f = try start(3)
        let inner = try hop(to: f[2], through: try hop(to: f[1], through: try hop(to: f[0], through: nil)))
        XCTAssertEqual(inner.jumpCount, 2)
        // More than any channel window and packet: the flow control of every hop takes part.
        let input = (0..<400_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let result = try inner.run(command: "cat", input: input)
        XCTAssertEqual(result.stdout.count, input.count)
        XCTAssertTrue(result.stdout == input, "bytes arrive unchanged through two hops")
        XCTAssertTrue(Self.forwarded(in: f[0].sshd, to: f[1].sshd.port), f[0].sshd.log)
        XCTAssertTrue(Self.forwarded(in: f[1].sshd, to: f[2].sshd.port), f[1].sshd.log)
        XCTAssertFalse(Self.forwarded(in: f[0].sshd, to: f[2].sshd.port, wait: false), "the first hop never sees the target")
    }

    /// Whether `sshd` logged a direct-tcpip request to 127.0.0.1 port `port` (waiting for it
    /// when `wait`).
    static func forwarded(in sshd: TestSSHD, to port: Int, wait: Bool = true) -> Bool {
        if wait { return sshd.waitForLog { forwarded(in: $0, to: port) } }
        return forwarded(in: sshd.log, to: port)
    }

    static func forwarded(in log: String, to port: Int) -> Bool {
        log.split(whereSeparator: \.isNewline).contains { line in
            line.contains("server_request_direct_tcpip") && line.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix("target 127.0.0.1 port \(port)")
        }
    }

    func testAJumpHostThatCannotReachTheTargetSaysSo() throws {
        let jump = try start(1)[0]
        let first = try hop(to: jump, through: nil)
        let closed = try TestSSHD.freePort()
        XCTAssertThrowsError(try first.connectThrough(to: SSHEndpoint(host: "127.0.0.1", port: closed, user: "x"))) { error in
            guard case .unreachable(_, let port, let detail)? = error as? SSHError else { return XCTFail("\(error)") }
            XCTAssertEqual(port, closed)
            XCTAssertTrue(detail.contains("jump host"), detail)
        }
    }
}
