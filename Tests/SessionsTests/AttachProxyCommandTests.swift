import Foundation
import LibC
import TestSupport
import XCTest

/// Issue 28 end to end in a tmux pane: `drover attach NAME` for an ssh_config Host reached
/// through a generic ProxyCommand (a Python relay) attaches; a reconnect runs the command
/// again and the dropped one is reaped; when Drover is killed with SIGKILL, which it cannot
/// catch, the relay's process group (the relay and Drover's guard) dies too.
final class AttachProxyCommandTests: XCTestCase {
    private var harness: AttachHarness!
    private var userHome: TemporaryDirectory!

    override func setUpWithError() throws {
        harness = try AttachHarness()
        try harness.startOuterTerminal(width: 120, height: 30)
        userHome = try TemporaryDirectory(prefix: "drover-proxy-home")
        chmod(userHome.path, 0o755)
        try FileManager.default.createDirectory(atPath: userHome.file(".ssh"), withIntermediateDirectories: true)
    }

    override func tearDown() {
        harness?.tearDown()
        userHome?.remove()
    }

    /// Looks at `ps` until nothing of `group` runs: no event tells a test that a process which
    /// is not its child has died, so the looks are counted (each is one `ps` run), not timed.
    private func awaitNothingRunning(inGroup group: pid_t, looks: Int = 300) throws -> [String] {
        var left = try ProxyRelay.running(inGroup: group)
        for _ in 0..<looks where !left.isEmpty { left = try ProxyRelay.running(inGroup: group) }
        return left
    }

    func testAReconnectRunsTheProxyCommandAgainAndTheDroppedOneIsReaped() throws {
        let relay = try ProxyRelay.write(to: userHome.file("relay.py"))
        let pidFile = userHome.file("relay.pid")
        try """
            Host relayed
                HostName 127.0.0.1
                Port \(harness.sshd.port)
                ProxyCommand sh -c 'echo tunnel-up-for-%h >&2; exec /usr/bin/python3 \(relay) %h %p \(pidFile)'
                RemoteCommand echo via-relay-$(id -un); exec /bin/sh

            """.write(toFile: userHome.file(".ssh/config"), atomically: true, encoding: .utf8)
        try harness.startAttach(environment: "HOME=\(userHome.path)", hosts: ["relayed"])
        try harness.waitFor("Type 'yes' to trust")
        // The question says what carried the connection, not an address that answered here.
        try harness.waitFor("Drover has not seen 127.0.0.1:\(harness.sshd.port) (reached through a ProxyCommand) before.")
        try harness.type("yes\n")
        try harness.waitFor("via-relay-\(TestSSHD.currentUser)")
        // What the command wrote to stderr while the link came up is shown once.
        try harness.waitFor("relayed: its ProxyCommand says: tunnel-up-for-127.0.0.1")
        let first = try ProxyRelay.pid(in: pidFile)
        try harness.sshd.stopAndDropConnections()
        try harness.waitFor("reconnecting")
        try harness.sshd.restart()
        try harness.keys("C-]", "r")
        try harness.waitUntil("the remote command again", timeout: 30) {
            $0.components(separatedBy: "via-relay-\(TestSSHD.currentUser)").count > 2
        }
        let second = try ProxyRelay.pid(in: pidFile)
        XCTAssertNotEqual(first, second, "the reconnect ran the ProxyCommand again")
        // Drover is alive: it reaped the dropped relay and its guard, so not even a zombie is left.
        XCTAssertEqual(try ProxyRelay.any(inGroup: first), [])
        XCTAssertEqual(try ProxyRelay.running(inGroup: second).count, 2)
        try harness.keys("C-]", "d")
        XCTAssertEqual(try harness.waitForExit().status, 0)
        XCTAssertEqual(try ProxyRelay.any(inGroup: second), [], "a detach ends and reaps the ProxyCommand")
    }

    /// What the command writes to stderr after the link is up (a tunnel's later notice) reaches
    /// the status line as it comes, not only with a failure. The command's subshell writes it
    /// once the test hands it a line through a FIFO: after the attach, by construction.
    func testALaterStderrLineOfTheProxyCommandReachesTheStatusLine() throws {
        let relay = try ProxyRelay.write(to: userHome.file("relay.py"))
        let notices = userHome.file("notices.fifo")
        XCTAssertEqual(mkfifo(notices, 0o600), 0)
        try """
            Host relayed
                HostName 127.0.0.1
                Port \(harness.sshd.port)
                ProxyCommand sh -c '(read line < \(notices); echo tunnel notice: $line >&2) & exec /usr/bin/python3 \(relay) %h %p \(userHome.file("relay.pid"))'
                RemoteCommand echo via-relay-$(id -un); exec /bin/sh

            """.write(toFile: userHome.file(".ssh/config"), atomically: true, encoding: .utf8)
        try harness.startAttach(environment: "HOME=\(userHome.path)", hosts: ["relayed"])
        try harness.waitFor("Type 'yes' to trust")
        try harness.type("yes\n")
        try harness.waitFor("via-relay-\(TestSSHD.currentUser)")
        let writer = try XCTUnwrap(FileHandle(forWritingAtPath: notices))
        writer.write(Data("token renewed\n".utf8))
        try writer.close()
        try harness.waitFor("relayed: its ProxyCommand says: tunnel notice: token renewed")
        try harness.type("exit\n")
        XCTAssertEqual(try harness.waitForExit().status, 0)
    }

    func testAGenericProxyCommandAttachesAndDiesWithAKilledDrover() throws {
        let relay = try ProxyRelay.write(to: userHome.file("relay.py"))
        let fifo = try LifelineFIFO(path: userHome.file("relay.fifo"))
        let pidFile = userHome.file("relay.pid")
        try """
            Host relayed
                HostName 127.0.0.1
                Port \(harness.sshd.port)
                ProxyCommand /usr/bin/python3 \(relay) %h %p \(pidFile) \(fifo.path)
                RemoteCommand echo via-relay-$(id -un); exec /bin/sh

            """.write(toFile: userHome.file(".ssh/config"), atomically: true, encoding: .utf8)
        try harness.startAttach(environment: "HOME=\(userHome.path)", hosts: ["relayed"])
        try harness.waitFor("Type 'yes' to trust")
        try harness.type("yes\n")
        try harness.waitFor("via-relay-\(TestSSHD.currentUser)")
        let group = try ProxyRelay.pid(in: pidFile)
        // The relay leads its group; Drover's guard shell is the other member.
        let members = try ProxyRelay.running(inGroup: group)
        XCTAssertEqual(members.count, 2, "\(members)")
        XCTAssertTrue(members.contains { $0.contains("relay.py") }, "\(members)")

        XCTAssertEqual(kill(try harness.droverPID(), SIGKILL), 0)
        try fifo.awaitHangUp()
        XCTAssertEqual(try awaitNothingRunning(inGroup: group), [], "the ProxyCommand outlived a killed Drover")
        _ = try harness.waitForExit()
    }
}
