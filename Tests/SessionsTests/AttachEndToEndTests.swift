import Foundation
import XCTest
import TestSupport

/// Issue 5's acceptance, end to end: the built `drover attach` in a tmux pane (the outer
/// terminal) against a real sshd running the tmux-backed herdr stand-in. Typing, resizing,
/// clicking and pasting reach the session; both detach keys end Drover with 0 while the
/// session keeps running; the outer pane's modes are back to what they were.
final class AttachEndToEndTests: XCTestCase {
    private var harness: AttachHarness!
    /// The stand-in session's shell prompt (set by the harness).
    private let innerPrompt = "inner$"

    override func setUpWithError() throws {
        harness = try AttachHarness()
        try harness.registerHost(command: harness.standinCommand)
        try harness.startOuterTerminal(width: 100, height: 30)
    }

    override func tearDown() {
        harness?.tearDown()
    }

    func testTypingResizeClickAndPasteReachTheSessionAndPrefixDetachRestoresTheTerminal() throws {
        let before = try harness.modes()
        try harness.attachTrusting(until: innerPrompt)
        let attached = try harness.modes()
        XCTAssertEqual(attached["alternate_on"], "1", "Drover draws on the outer terminal's alternate screen")
        XCTAssertEqual(attached["mouse_sgr_flag"], "1", "Drover asks the outer terminal for SGR mouse reports")
        XCTAssertEqual(attached["mouse_any_flag"], "1", "Drover asks the outer terminal for any-motion reports")

        // Typing: the command's output, not just its echo.
        try harness.type("echo sum=$((6*7))\n")
        try harness.waitFor("sum=42")

        // Resizing: the stand-in's shell sees the new size (less the stand-in's status row).
        try harness.type("stty size\n")
        try harness.waitFor("29 100")
        try harness.type("\(harness.awaitResize) 19 80\n")
        try harness.waitFor("awaiting resize")
        try harness.tmux(["resize-window", "-t", "outer", "-x", "80", "-y", "20"])
        try harness.waitFor("resized to 19 80")
        try harness.type("stty size\n")
        try harness.waitUntil("stty size printing 19 80") {
            $0.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces) == "19 80" }
        }

        // Clicking and pasting: an app that wants X10 clicks and bracketed paste gets them, from
        // SGR reports and a bracketed paste typed into the outer terminal.
        try harness.type("clear; \(AttachHarness.fixture(["1000h", "2004h"]))\n")
        try harness.waitFor("READY 1000h 2004h")
        try harness.sendBytes(Array("\u{1B}[<0;10;5M\u{1B}[<0;10;5m".utf8))
        let press = "1b5b4d202a25", release = "1b5b4d232a25"   // ESC [ M, button, 32+10, 32+5
        try harness.waitUntil("the click at 10,5 as X10 press and release") {
            let hex = AttachHarness.receivedHex(in: $0)
            return hex.contains(press) && hex.contains(release)
        }
        try harness.sendBytes(Array("\u{1B}[200~hello\u{1B}[201~".utf8))
        let wrappedPaste = Array("\u{1B}[200~hello\u{1B}[201~".utf8).map { String(format: "%02x", $0) }.joined()
        try harness.waitUntil("the bracketed paste") { AttachHarness.receivedHex(in: $0).contains(wrappedPaste) }
        try harness.keys("C-c")
        try harness.waitFor("BYE")

        // Detaching with Drover's prefix: exit 0, the session keeps running, modes restored.
        try harness.keys("C-]", "d")
        let exit = try harness.waitForExit()
        XCTAssertEqual(exit.status, 0, exit.screen)
        XCTAssertTrue(exit.screen.contains("Detached from e2e"), exit.screen)
        var expected = before
        expected["scroll_region_lower"] = "19"   // the full height of the resized pane
        XCTAssertEqual(try harness.modes(), expected)
        try harness.tmux(["has-session", "-t", harness.session], socket: harness.standinSocket)
        try harness.assertBracketedPasteIsOff()
    }

    func testHerdrsOwnDetachKeyEndsDroverWithZeroAndRestoresTheTerminal() throws {
        let before = try harness.modes()
        try harness.attachTrusting(until: innerPrompt)
        XCTAssertEqual(try harness.modes()["alternate_on"], "1")

        try harness.keys("C-b", "q")
        let exit = try harness.waitForExit()
        XCTAssertEqual(exit.status, 0, exit.screen)
        XCTAssertTrue(exit.screen.contains("was detached or ended; herdr keeps running"), exit.screen)
        XCTAssertEqual(try harness.modes(), before)
        try harness.tmux(["has-session", "-t", harness.session], socket: harness.standinSocket)
        try harness.assertBracketedPasteIsOff()
    }

    /// The screen outlives the connection: when the link drops, Drover says so, keeps showing
    /// the session as it was, retries with backoff, and reattaches by itself once the host is back.
    func testDroppedLinkKeepsTheScreenSaysSoAndReattachesByItself() throws {
        try harness.attachTrusting(until: "inner$")
        try harness.type("echo before-$((1+1))\n")
        try harness.waitFor("before-2")

        try harness.sshd.stopAndDropConnections()
        let during = try harness.waitFor("reconnecting")
        XCTAssertTrue(AttachHarness.unwrapped(during).contains("e2e: connection lost"), during)
        XCTAssertTrue(during.contains("before-2"), "the kept screen stays visible while reconnecting:\n\(during)")

        try harness.sshd.restart()
        try harness.waitUntil("the status line gone after reattaching", timeout: 30) {
            !$0.contains("reconnecting") && !$0.contains("connecting to") && !$0.contains("authenticating")
                && $0.contains("before-2")
        }
        try harness.type("echo after-$((2+2))\n")
        try harness.waitFor("after-4")

        try harness.keys("C-]", "d")
        let (status, screen) = try harness.waitForExit()
        XCTAssertEqual(status, 0, screen)
        XCTAssertTrue(screen.contains("Detached from e2e"), screen)
    }

    /// A dead link (the host stops answering, TCP stays up) is found by keepalives, not by
    /// waiting for TCP: Drover says so and reconnects.
    func testSilentHostIsFoundByKeepalivesAndDroverReconnects() throws {
        try harness.attachTrusting(until: innerPrompt, options: "--keepalive 1")
        try harness.type("echo before-$((1+2))\n")
        try harness.waitFor("before-3")
        let frozen = try harness.sshd.connectionProcessIDs()
        XCTAssertFalse(frozen.isEmpty)
        for pid in frozen { kill(pid, SIGSTOP) }
        defer { for pid in frozen { kill(pid, SIGKILL) } }

        // "no answer from the host" shows while the link is given up, for as long as the next
        // login takes, which a busy machine may draw past: the new login is what is waited for.
        let logins = { (log: String) in log.components(separatedBy: "Starting session").count - 1 }
        XCTAssertTrue(harness.sshd.waitForLog(timeout: 60) { logins($0) >= 2 },
                      "keepalives found the silent host and Drover logged in again:\n\(harness.sshd.log)")
        try harness.waitUntil("the status line gone after reattaching", timeout: 30) {
            !$0.contains("reconnecting") && !$0.contains("connecting to") && !$0.contains("authenticating")
                && $0.contains("before-3")
        }
        try harness.type("echo after-$((3+3))\n")
        try harness.waitFor("after-6")
        try harness.keys("C-]", "d")
        XCTAssertEqual(try harness.waitForExit().status, 0)
    }
}
