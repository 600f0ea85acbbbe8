import Foundation
import LibC
import TestSupport
import XCTest

/// Issue 28's `-R`: `drover attach user@127.0.0.1:PORT -R RPORT:127.0.0.1:LOCALPORT` makes a
/// local HTTP server answer on the host: a program on the host (the test sshd's shell) fetches
/// a page from its own port RPORT and gets the local server's file. A registered host's own
/// remote forward (`hosts add --remote-forward`) is asked for again after a reconnect.
final class AttachRemoteForwardTests: XCTestCase {
    private var harness: AttachHarness!
    private var server: LocalHTTPServer?
    private var userHome: TemporaryDirectory!

    override func setUpWithError() throws {
        harness = try AttachHarness()
        try harness.startOuterTerminal(width: 160, height: 30)
        userHome = try TemporaryDirectory(prefix: "drover-remote-forward")
        chmod(userHome.path, 0o755)
        try FileManager.default.createDirectory(atPath: userHome.file(".ssh"), withIntermediateDirectories: true)
        try "served-from-drovers-side\n".write(toFile: userHome.file("hello.txt"), atomically: true, encoding: .utf8)
        try "Host 127.0.0.1\n    RemoteCommand echo attached-for-R; exec /bin/sh\n"
            .write(toFile: userHome.file(".ssh/config"), atomically: true, encoding: .utf8)
    }

    override func tearDown() {
        server?.stop()
        harness?.tearDown()
        userHome?.remove()
    }

    /// The local HTTP server, serving userHome; returns its port.
    private func startHTTPServer() throws -> Int {
        let started = try LocalHTTPServer(serving: userHome.path)
        server = started
        return started.port
    }

    func testARemoteForwardMakesALocalServerAnswerOnTheHost() throws {
        let localPort = try startHTTPServer()
        let remotePort = try TestSSHD.freePort()
        try harness.startAttach(environment: "HOME=\(userHome.path)",
                                hosts: ["\(TestSSHD.currentUser)@127.0.0.1:\(harness.sshd.port)"],
                                options: "-R \(remotePort):127.0.0.1:\(localPort)")
        try harness.waitFor("Type 'yes' to trust")
        try harness.type("yes\n")
        try harness.waitFor("attached-for-R")
        try fetchOnTheHost(remotePort, expecting: 1)
        // The host list names the remote forward beside any local one.
        try harness.openHostList(until: "the remote forward in the host list") {
            $0.contains("remote \(remotePort) → 127.0.0.1:\(localPort) (")
        }
        try harness.escape()
        try harness.type("exit\n")
        XCTAssertEqual(try harness.waitForExit().status, 0)
    }

    /// Has the host's shell fetch the page from its port `remotePort` and waits for the
    /// `count`th answer on screen. The forward is asked for in the pump that showed the shell,
    /// before these keys went; a few counted tries cover a request that waited for its turn.
    private func fetchOnTheHost(_ remotePort: Int, expecting count: Int) throws {
        let fetch = "import urllib.request; print('got-' + urllib.request.urlopen('http://127.0.0.1:\(remotePort)/hello.txt')"
            + ".read().decode().strip())"
        try harness.type("for i in 1 2 3 4 5 6 7 8 9 10; do python3 -c \"\(fetch)\" 2>/dev/null && break; done\n")
        try harness.waitUntil("answer \(count) through the remote forward", timeout: 30) {
            $0.components(separatedBy: "got-served-from-drovers-side").count > count
        }
    }

    func testARegisteredHostsRemoteForwardIsAskedForAgainAfterAReconnect() throws {
        let localPort = try startHTTPServer()
        let remotePort = try TestSSHD.freePort()
        try harness.drover(["hosts", "add", "e2e", "--host", "127.0.0.1", "--port", String(harness.sshd.port),
                            "--user", TestSSHD.currentUser, "--command", "echo attached-for-R; exec /bin/sh",
                            "--remote-forward", "\(remotePort):127.0.0.1:\(localPort)"])
        XCTAssertTrue(try harness.drover(["hosts", "show", "e2e"]).contains("localhost:\(remotePort):127.0.0.1:\(localPort)"))
        try harness.attachTrusting(until: "attached-for-R")
        try fetchOnTheHost(remotePort, expecting: 1)
        try harness.sshd.stopAndDropConnections()
        try harness.waitFor("reconnecting")
        try harness.sshd.restart()
        try harness.keys("C-]", "r")
        try harness.waitUntil("the shell again after the reconnect", timeout: 30) {
            $0.components(separatedBy: "attached-for-R").count > 2
        }
        try fetchOnTheHost(remotePort, expecting: 2)
        try harness.keys("C-]", "d")
        XCTAssertEqual(try harness.waitForExit().status, 0)
    }

    func testABadRemoteForwardIsAUsageErrorBeforeConnecting() throws {
        let result = try DroverBinary.run(["attach", "\(TestSSHD.currentUser)@127.0.0.1:\(harness.sshd.port)",
                                           "-R", "18081:127.0.0.1"], home: harness.home)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("-R '18081:127.0.0.1' is not allowed: "
                                             + "a remote forward is [BIND:]RPORT:HOST:LPORT (as ssh -R)"), result.stderr)
        XCTAssertFalse(harness.sshd.log.contains("Connection from"), "nothing was connected")
    }
}
