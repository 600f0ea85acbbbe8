import Foundation
import XCTest
import TestSupport
import LibC

/// Issue 28 end to end in a tmux pane: `attach user@127.0.0.1:PORT -J box -i KEY -L ...` with
/// no registry entry at all, box being a Host of a test HOME's ~/.ssh/config (its
/// RemoteCommand runs, the one-off forward answers). Every kind of config name:
/// AttachSSHConfigNamesTests.
final class AttachSSHConfigTests: XCTestCase {
    private var harness: AttachHarness!
    private var server: LocalHTTPServer?
    private var userHome: TemporaryDirectory!
    private var remotePort = 0

    override func setUpWithError() throws {
        harness = try AttachHarness()
        try harness.startOuterTerminal(width: 120, height: 30)
        userHome = try TemporaryDirectory(prefix: "drover-sshconfig-home")
        chmod(userHome.path, 0o755)
        try FileManager.default.createDirectory(atPath: userHome.file(".ssh"), withIntermediateDirectories: true)
        try "hello through the config's forward\n".write(toFile: userHome.file("hello.txt"), atomically: true, encoding: .utf8)
        remotePort = try startHTTPServer()
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

    private func fetch(port: Int) throws -> String {
        try Shell.run("/usr/bin/python3", ["-c", "import urllib.request, sys; "
            + "print(urllib.request.urlopen('http://127.0.0.1:%s/hello.txt' % sys.argv[1], timeout=20).read().decode(), end='')",
            String(port)])
    }

    private func writeConfig(localPort: Int) throws {
        try """
            Host box boxalias
                HostName 127.0.0.1
                Port \(harness.sshd.port)
                User \(TestSSHD.currentUser)
                LocalForward \(localPort) 127.0.0.1:\(remotePort)
                RemoteCommand echo on-box-$(id -un); exec /bin/sh
            Host 127.0.0.1
                RemoteCommand echo on-the-address; exec /bin/sh

            """.write(toFile: userHome.file(".ssh/config"), atomically: true, encoding: .utf8)
    }

    func testOneOffFlagsAttachAnAddressThroughAJumpWithAKeyAndAForward() throws {
        try writeConfig(localPort: try TestSSHD.freePort())
        let key = userHome.file("other")
        try Shell.run("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-C", "other", "-f", key])
        try harness.sshd.authorize(String(contentsOfFile: key + ".pub", encoding: .utf8))
        let fingerprint = try Shell.run("/usr/bin/ssh-keygen", ["-lf", key + ".pub"]).split(separator: " ")[1]
        let localPort = try TestSSHD.freePort()
        try harness.startAttach(environment: "HOME=\(userHome.path)", hosts: ["\(TestSSHD.currentUser)@127.0.0.1:\(harness.sshd.port)"],
                                options: "-J box -i \(key) -L \(localPort):127.0.0.1:\(remotePort)")
        try harness.waitFor("Type 'yes' to trust")
        try harness.type("yes\n")
        try harness.waitFor("on-the-address")
        XCTAssertEqual(try fetch(port: localPort), "hello through the config's forward\n")
        // Two logins: the jump host box (device key) and the target through it, with -i's key.
        XCTAssertTrue(harness.sshd.waitForLog { $0.contains(String(fingerprint)) }, harness.sshd.log)
        try harness.type("exit\n")
        XCTAssertEqual(try harness.waitForExit().status, 0)
    }
}

/// A LocalForward whose port is taken stops attach before it connects, saying which.
final class AttachSSHConfigPortInUseTests: XCTestCase {
    func testAConfigForwardOnAPortInUseIsAClearErrorBeforeConnecting() throws {
        let harness = try AttachHarness()
        defer { harness.tearDown() }
        try harness.startOuterTerminal(width: 160, height: 30)
        let home = try TemporaryDirectory(prefix: "drover-sshconfig-busy")
        defer { home.remove() }
        chmod(home.path, 0o755)
        let busy = try SilentListener(backlog: 1)
        try FileManager.default.createDirectory(atPath: home.file(".ssh"), withIntermediateDirectories: true)
        try "Host box\n    HostName 127.0.0.1\n    Port \(harness.sshd.port)\n    LocalForward \(busy.port) 127.0.0.1:80\n"
            .write(toFile: home.file(".ssh/config"), atomically: true, encoding: .utf8)
        try harness.startAttach(environment: "HOME=\(home.path)", hosts: ["box"])
        let (status, screen) = try harness.waitForExit()
        XCTAssertNotEqual(status, 0)
        XCTAssertTrue(screen.replacingOccurrences(of: "\n", with: "").contains("cannot listen on 127.0.0.1:\(busy.port)"), screen)
        XCTAssertFalse(harness.sshd.log.contains("Accepted"), "nothing was connected")
    }
}
