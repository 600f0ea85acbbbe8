import Foundation
import XCTest
import TestSupport
import LibC

/// Connecting runs beside the screen, not in front of it: while a host's connect hangs (a
/// loopback server that takes the TCP connection but never sends the SSH banner, with
/// `--timeout 20`), the keys keep working: help opens, another host can be used, and
/// `ctrl+] d` exits at once with status 0.
final class AttachWhileConnectingTests: XCTestCase {
    private var harness: AttachHarness!
    private var mute: SilentListener!

    override func setUpWithError() throws {
        harness = try AttachHarness()
        mute = try SilentListener(backlog: 8)
        try harness.drover(["hosts", "add", "slow", "--host", "127.0.0.1", "--port", String(mute.port),
                            "--user", TestSSHD.currentUser, "--command", "true"])
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
        try harness.escape(closing: ["drover keys"])
        try harness.waitFor("connecting")

        // waitForExit gives up after 15 s, before the 20 s connect timeout could end the
        // attempt; a connect that blocked the keys would also end in a failure, not a detach.
        try harness.keys("C-]", "d")
        let exit = try harness.waitForExit()
        XCTAssertEqual(exit.status, 0, exit.screen)
        XCTAssertTrue(exit.screen.contains("Detached from slow before it ever connected"), exit.screen)
        XCTAssertFalse(exit.screen.contains("keeps running"), "nothing was started there: \(exit.screen)")
    }

    /// `--timeout 2` is the whole wait for a host that takes the connection but never greets
    /// (it used to be the connect timeout plus a handshake timeout of SECONDS + 5).
    func testTimeoutIsTheWholeWaitForAHostThatNeverGreets() throws {
        let started = ContinuousClock.now
        try harness.startAttach(hosts: ["slow"], options: "--timeout 2")
        let exit = try harness.waitForExit()
        let waited = ContinuousClock.now - started
        XCTAssertNotEqual(exit.status, 0, exit.screen)
        XCTAssertTrue(exit.screen.contains("did not answer within 2 s"), exit.screen)
        XCTAssertLessThan(waited, .seconds(5), "waited \(waited), not 2 s")
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

        let picker = try harness.openHostList()
        XCTAssertTrue(picker.contains("1  slow  connecting"), picker)
        try harness.keys("1")
        try harness.waitUntil("slow in front, still connecting") { $0.contains("slow (1/2)") || $0.contains("slow: connecting") }

        try harness.keys("C-]", "d")
        let exit = try harness.waitForExit()
        XCTAssertEqual(exit.status, 0, exit.screen)
        XCTAssertTrue(exit.screen.contains("Detached; slow never connected"), exit.screen)
        XCTAssertTrue(exit.screen.contains("The herdr sessions on good keep"), exit.screen)
        try harness.tmux(["has-session", "-t", harness.session], socket: harness.standinSocket)
    }
}
