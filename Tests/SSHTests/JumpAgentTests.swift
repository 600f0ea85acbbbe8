import Foundation
import XCTest
import SSH
import TestSupport

/// Issue 24: logging in through jump hosts while an ssh-agent runs. libssh2's agent client
/// talks to the agent through the session's send/recv callbacks, which for a tunnelled session
/// are `SSHTunnel`'s: before the fix the agent's request went into the jump channel, the inner
/// sshd read it as a corrupt packet ("Bad packet length") and the login failed. A real
/// `ssh-agent`, empty or holding keys no host knows, is asked first at every hop.
final class JumpAgentTests: XCTestCase {
    private var fixtures: [SSHFixture] = []
    private var agent: TestAgent?
    private var scratch: TemporaryDirectory?

    override func tearDown() {
        agent?.stop()
        fixtures.forEach { $0.tearDown() }
        scratch?.remove()
    }

    /// `count` sshds authorizing the first one's client key, and an agent holding `keys`
    /// fresh keys none of them authorizes.
    private func start(_ count: Int, agentKeys keys: Int) throws -> TestAgent {
        fixtures = try (0..<count).map { _ in try SSHFixture() }
        let key = try String(contentsOfFile: fixtures[0].keyPath + ".pub", encoding: .utf8)
        for fixture in fixtures.dropFirst() { try fixture.sshd.authorize(key) }
        let directory = try TemporaryDirectory(prefix: "drover-jump-agent")
        scratch = directory
        let agent = try TestAgent(directory: directory)
        self.agent = agent
        for index in 0..<keys {
            let path = directory.file("unrelated_\(index)")
            try Shell.run("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-C", "unrelated-\(index)", "-f", path])
            try agent.add(keyPath: path)
        }
        return agent
    }

    /// Logs in to each fixture in turn, each through the session before it, asking the agent
    /// first (its keys are all refused), then the client key.
    private func chain(agent: TestAgent, order: [SSHCredentials.Kind]) throws -> SSHSession {
        var session: SSHSession?
        for fixture in fixtures {
            let next = try session.map { try $0.connectThrough(to: fixture.endpoint) } ?? SSHSession.connect(to: fixture.endpoint)
            let expected = try fixture.sshd.hostKeyFingerprint()
            try next.verifyHostKey { key in
                guard key.fingerprint == expected else { throw TestSupportError("unexpected host key \(key.fingerprint)") }
            }
            let credentials = SSHCredentials(privateKeys: [try fixtures[0].clientKey()], agentSocketPath: agent.socketPath,
                                             order: order)
            XCTAssertEqual(try next.authenticate(credentials), .privateKey(label: "device key"),
                           "\(fixture.endpoint.hostAndPort) logs in with the client key")
            session = next
        }
        return try XCTUnwrap(session)
    }

    /// `order`: the agent first (each of its keys refused, then the client key), or as attach
    /// orders keys by default (the client key first, the agent's keys listed all the same).
    private func assertCommandRuns(through count: Int, agentKeys: Int,
                                   order: [SSHCredentials.Kind] = [.agent, .privateKeys]) throws {
        let agent = try start(count + 1, agentKeys: agentKeys)
        let inner = try chain(agent: agent, order: order)
        XCTAssertEqual(inner.jumpCount, count)
        XCTAssertEqual(try inner.run(command: "echo agent-$((40+2))").stdout.text, "agent-42\n")
        for fixture in fixtures {
            XCTAssertFalse(fixture.sshd.log.contains("Bad packet length"), fixture.sshd.log)
            XCTAssertFalse(fixture.sshd.log.contains("message authentication code incorrect"), fixture.sshd.log)
        }
    }

    func testLoginThroughOneJumpHostWithAnAgentHoldingUnrelatedKeys() throws {
        try assertCommandRuns(through: 1, agentKeys: 3)
    }

    func testLoginThroughTwoJumpHostsWithAnAgentHoldingUnrelatedKeys() throws {
        try assertCommandRuns(through: 2, agentKeys: 3)
    }

    /// Issue 24's setup: an agent of 7 keys, the default order (more keys than MaxAuthTries 6 allows).
    func testLoginThroughOneJumpHostWithAnAgentOfSevenKeysInTheDefaultOrder() throws {
        try assertCommandRuns(through: 1, agentKeys: 7, order: [.privateKeys, .agent])
    }

    func testLoginThroughTwoJumpHostsWithAnAgentOfSevenKeysInTheDefaultOrder() throws {
        try assertCommandRuns(through: 2, agentKeys: 7, order: [.privateKeys, .agent])
    }

    func testLoginThroughOneJumpHostWithAnEmptyAgent() throws {
        try assertCommandRuns(through: 1, agentKeys: 0)
    }

    func testLoginThroughTwoJumpHostsWithAnEmptyAgent() throws {
        try assertCommandRuns(through: 2, agentKeys: 0)
    }
}
