import Foundation
import XCTest
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Connecting runs beside the screen, not in front of it: while a host's connect hangs (a
/// loopback server that takes the TCP connection but never sends the SSH banner, with
/// `--timeout 20`), the keys keep working: help opens, another host can be used, and
/// `ctrl+] d` exits at once with status 0.
final class AttachWhileConnectingTests: XCTestCase {
    private var harness: AttachHarness!
    private var mute: MuteListener!

    override func setUpWithError() throws {
        harness = try AttachHarness()
        mute = try MuteListener()
        try harness.drover(["hosts", "add", "slow", "--host", "127.0.0.1", "--port", String(mute.port),
                            "--user", TestSSHD.currentUser, "--session", harness.session, "--command", "true"])
        try harness.startOuterTerminal(width: 100, height: 30)
    }

    override func tearDown() {
        harness?.tearDown()
        mute = nil
    }

    func testDetachWhileTheOnlyHostIsConnectingExitsAtOnce() throws {
        try harness.startAttach(hosts: ["slow"], options: "--timeout 20")
        try harness.waitFor("slow: connecting to 127.0.0.1:\(mute.port)")
        try mute.waitForConnection()

        try harness.keys("C-]", "?")
        try harness.waitFor("drover keys")
        try harness.keys("Escape")
        try harness.waitUntil("the help box to close") { !$0.contains("drover keys") && $0.contains("connecting") }

        // waitForExit gives up after 15 s, before the 20 s connect timeout could end the
        // attempt; a connect that blocked the keys would also end in a failure, not a detach.
        try harness.keys("C-]", "d")
        let exit = try harness.waitForExit()
        XCTAssertEqual(exit.status, 0, exit.screen)
        XCTAssertTrue(exit.screen.contains("Detached from slow"), exit.screen)
    }

    func testAnotherHostWorksWhileOneIsStillConnecting() throws {
        try harness.registerHost(named: "good", command: harness.standinCommand)
        try harness.startAttach(hosts: ["slow", "good"], options: "--timeout 20")
        try harness.waitFor("slow: connecting to 127.0.0.1:\(mute.port)")
        try mute.waitForConnection()

        // good connects meanwhile; its host-key question waits until it is in front.
        try harness.keys("C-]", "n")
        try harness.waitFor("Type 'yes' to trust")
        try harness.type("yes\n")
        try harness.waitFor("inner$")
        try harness.type("echo ready-$((20+22))\n")
        try harness.waitFor("ready-42")

        try harness.keys("C-]", "h")
        let picker = try harness.waitFor("hosts")
        XCTAssertTrue(picker.contains("1  slow  connecting"), picker)
        try harness.keys("1")
        try harness.waitUntil("slow in front, still connecting") { $0.contains("slow (1/2)") || $0.contains("slow: connecting") }

        try harness.keys("C-]", "d")
        let exit = try harness.waitForExit()
        XCTAssertEqual(exit.status, 0, exit.screen)
        XCTAssertTrue(exit.screen.contains("Detached from slow, good"), exit.screen)
        try harness.tmux(["has-session", "-t", harness.session], socket: harness.standinSocket)
    }
}

/// A loopback TCP server that lets clients connect (the kernel completes the handshake) but
/// never accepts or sends anything: an SSH client waits for a banner that never comes.
private final class MuteListener {
    let fd: Int32
    let port: Int

    init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw TestSupportError("socket failed") }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        inet_pton(AF_INET, "127.0.0.1", &addr.sin_addr)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &addr) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && listen(fd, 8) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard bound else { close(fd); throw TestSupportError("bind/listen failed") }
        self.fd = fd
        port = Int(UInt16(bigEndian: addr.sin_port))
    }

    /// Waits until a client's connection is queued (the listening socket turns readable).
    func waitForConnection(timeout: Int32 = 10_000) throws {
        var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&pfd, 1, timeout) == 1 else { throw TestSupportError("nobody connected to the mute listener") }
    }

    deinit { close(fd) }
}
