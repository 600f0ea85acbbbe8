import Foundation
import XCTest
import TestSupport

/// Issue 24, agent forwarding end to end: the built `drover attach` in a tmux pane, real sshds
/// on loopback, a real `ssh-agent` holding a key the test made. With `--forward-agent`,
/// `ssh-add -l` on the host lists that key (directly, through a jump host, and again on the
/// session after a reconnect); without it the host has no `SSH_AUTH_SOCK`. Each host's
/// command is a plain shell, so each new session shows what that connection got.
final class AttachAgentForwardingTests: XCTestCase {
    private var harness: AttachHarness!
    private var agent: TestAgent!
    private var others: [TestSSHD] = []
    private static let keyComment = "forwarded-test-key"
    /// A fresh shell per session, whose prompt the harness waits for.
    private static let shell = "exec env PS1='inner$ ' /bin/sh"

    override func setUpWithError() throws {
        // DEBUG1: sshd logs each channel request by name (auth-agent-req@openssh.com).
        harness = try AttachHarness(sshdConfig: ["LogLevel DEBUG1"])
        agent = try TestAgent(directory: harness.scratch)
        let key = harness.scratch.file("agent_key")
        try Shell.run("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-C", Self.keyComment, "-f", key])
        try agent.add(keyPath: key)
    }

    override func tearDown() {
        agent?.stop()
        others.forEach { $0.tearDown() }
        harness?.tearDown()
    }

    /// Another sshd authorizing the device key, logging channel requests (`config`: more lines).
    private func anotherSSHD(config: [String] = []) throws -> TestSSHD {
        let sshd = try TestSSHD(extraConfig: ["LogLevel DEBUG1"] + config)
        try sshd.authorize(String(contentsOfFile: harness.home + "/device_ed25519.pub", encoding: .utf8))
        others.append(sshd)
        return sshd
    }

    private var withAgent: String { "SSH_AUTH_SOCK=\(agent.socketPath)" }

    /// Runs `ssh-add -l` on the host in front and waits for the test key, marked `round`.
    private func assertHostListsTheKey(round: String) throws {
        try harness.type("echo \(round)-$(ssh-add -l | grep -c \(Self.keyComment))-keys\n")
        try harness.waitFor("\(round)-1-keys", timeout: 30)
    }

    private func assertHostHasNoAgent(round: String) throws {
        try harness.type("echo \(round)-${SSH_AUTH_SOCK:-unset}\n")
        try harness.waitFor("\(round)-unset")
    }

    private func agentRequests(in sshd: TestSSHD) -> Int {
        sshd.log.components(separatedBy: "req auth-agent-req@openssh.com").count - 1
    }

    private func detach() throws {
        try harness.keys("C-]", "d")
        XCTAssertEqual(try harness.waitForExit().status, 0)
    }

    func testForwardedAgentListsTheLocalKeysAndAgainAfterAReconnect() throws {
        try harness.registerHost(command: Self.shell)
        try harness.startOuterTerminal(width: 120, height: 30)
        try harness.attachTrusting(until: "inner$", environment: withAgent, options: "--forward-agent")
        try assertHostListsTheKey(round: "first")

        try harness.sshd.stopAndDropConnections()
        try harness.waitFor("reconnecting")
        try harness.sshd.restart()
        try harness.keys("C-]", "r")
        try harness.waitUntil("the new session") { $0.components(separatedBy: "inner$").count >= 3 }
        try assertHostListsTheKey(round: "second")
        XCTAssertEqual(agentRequests(in: harness.sshd), 2, "asked on both sessions:\n\(harness.sshd.log)")
        try detach()
    }

    func testWithoutForwardAgentTheHostHasNoAgent() throws {
        try harness.registerHost(command: Self.shell)
        try harness.startOuterTerminal(width: 120, height: 30)
        try harness.attachTrusting(until: "inner$", environment: withAgent)
        try assertHostHasNoAgent(round: "plain")
        XCTAssertEqual(agentRequests(in: harness.sshd), 0, harness.sshd.log)
        try detach()
    }

    /// The hops and the target ask the agent first (`--auth agent,device-key`): through a jump
    /// host that also proves the agent's own traffic no longer goes into the tunnel.
    func testThroughAJumpHostOnlyTheTargetGetsTheAgent() throws {
        let hop = try anotherSSHD()
        try harness.drover(["hosts", "add", "hop1", "--host", "127.0.0.1", "--port", String(hop.port),
                            "--user", TestSSHD.currentUser, "--auth", "agent,device-key"])
        try harness.registerHost(command: Self.shell)
        try harness.drover(["hosts", "edit", "e2e", "--jump", "hop1", "--auth", "agent,device-key", "--forward-agent"])
        try harness.startOuterTerminal(width: 120, height: 30)
        try harness.startAttach(environment: withAgent)
        for sshd in [hop, harness.sshd] {
            let fingerprint = try sshd.hostKeyFingerprint()
            try harness.waitUntil("the question about \(sshd.port)") { $0.contains("Type 'yes' to trust") && $0.contains(fingerprint) }
            try harness.type("yes\n")
        }
        try harness.waitFor("inner$")
        try assertHostListsTheKey(round: "jumped")
        XCTAssertEqual(agentRequests(in: harness.sshd), 1, harness.sshd.log)
        XCTAssertEqual(agentRequests(in: hop), 0, "the jump host never gets the agent:\n\(hop.log)")
        try detach()
    }

    func testTwoHostsOneForwardingAndOneNotBehaveEachAsSet() throws {
        let second = try anotherSSHD()
        try harness.registerHost(named: "a", command: Self.shell)
        try harness.registerHost(named: "b", port: second.port, command: Self.shell)
        try harness.drover(["hosts", "edit", "a", "--forward-agent"])
        try harness.startOuterTerminal(width: 120, height: 30)
        try harness.startAttach(environment: withAgent, hosts: ["a", "b"])
        try harness.waitFor("Type 'yes' to trust")
        try harness.type("yes\n")
        try harness.waitFor("inner$")
        try assertHostListsTheKey(round: "alpha")

        try harness.keys("C-]", "n")
        try harness.waitFor("Type 'yes' to trust")
        try harness.type("yes\n")
        try harness.waitUntil("b's prompt") { $0.contains("inner$") && !$0.contains("trust") }
        try assertHostHasNoAgent(round: "beta")
        XCTAssertEqual(agentRequests(in: harness.sshd), 1, harness.sshd.log)
        XCTAssertEqual(agentRequests(in: second), 0, second.log)
        try detach()
    }

    func testNoLocalAgentIsANoteAndAttachStillWorks() throws {
        try harness.registerHost(command: Self.shell)
        try harness.startOuterTerminal(width: 120, height: 30)
        try harness.attachTrusting(until: "inner$", environment: "-u SSH_AUTH_SOCK", options: "--forward-agent")
        try assertHostHasNoAgent(round: "alone")
        XCTAssertEqual(agentRequests(in: harness.sshd), 0, "nothing to forward, nothing asked:\n\(harness.sshd.log)")
        try harness.keys("C-]", "d")
        let (status, screen) = try harness.waitForExit()
        XCTAssertEqual(status, 0, screen)
        XCTAssertTrue(screen.contains("no ssh-agent to forward to e2e: SSH_AUTH_SOCK is not set here"), screen)
    }

    /// Drover's open descriptors (its /proc entry), to show agent connections are closed.
    private func droverDescriptors() throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/\(try harness.droverPID())/fd").count
    }

    /// 200 agent requests from the host, one after the other: each gets its own channel and
    /// local connection, and each is closed when `ssh-add` is done (no descriptor piles up).
    func testManyAgentRequestsLeaveNoDescriptorOpen() throws {
        try harness.registerHost(command: Self.shell)
        try harness.startOuterTerminal(width: 120, height: 30)
        try harness.attachTrusting(until: "inner$", environment: withAgent, options: "--forward-agent")
        try assertHostListsTheKey(round: "warm")
        let before = try droverDescriptors()
        try harness.type("n=0; for i in $(seq 200); do ssh-add -l >/dev/null && n=$((n+1)); done; echo listed-$n-times\n")
        try harness.waitFor("listed-200-times", timeout: 120)
        // The last connection closes once its channel's end is read: wait for that, not a time.
        var after = try droverDescriptors()
        let deadline = Date().addingTimeInterval(15)
        while after > before && Date() < deadline {
            usleep(30_000)
            after = try droverDescriptors()
        }
        XCTAssertLessThanOrEqual(after, before, "Drover holds \(after - before) more descriptors after 200 agent requests")
        try detach()
    }

    /// `AllowAgentForwarding no`: the host says no, Drover says so in a banner and attaches
    /// without the agent.
    func testAHostThatRefusesForwardingIsANoteAndAttachStillWorks() throws {
        let refusing = try anotherSSHD(config: ["AllowAgentForwarding no"])
        try harness.registerHost(port: refusing.port, command: Self.shell)
        try harness.startOuterTerminal(width: 120, height: 30)
        try harness.attachTrusting(until: "inner$", environment: withAgent, options: "--forward-agent")
        try harness.waitFor("e2e refused agent forwarding")
        try assertHostHasNoAgent(round: "refused")
        XCTAssertEqual(agentRequests(in: refusing), 1, refusing.log)
        try detach()
    }

    /// The local agent goes away mid-run: a program on the host that asks for it hears at once
    /// that no agent answers (its channel is closed), a banner says why, and the link stays up.
    func testAnAgentThatGoesAwayFailsTheRequestAtOnce() throws {
        try harness.registerHost(command: Self.shell)
        try harness.startOuterTerminal(width: 120, height: 30)
        try harness.attachTrusting(until: "inner$", environment: withAgent, options: "--forward-agent")
        try assertHostListsTheKey(round: "present")
        agent.stop()   // waits for the agent to exit
        try harness.type("ssh-add -l >/dev/null 2>&1 || echo no-agent-$((40+2))\n")
        // The banner (shown for 2 s) comes as Drover closes the agent channel, before the host's
        // ssh-add can fail: waited for first, so a slow poll of the pane cannot miss it.
        try harness.waitFor("e2e: the local ssh-agent at")
        try harness.waitFor("no-agent-42")
        try harness.type("echo still-$((6*7))\n")
        try harness.waitFor("still-42")
        try detach()
    }
}
