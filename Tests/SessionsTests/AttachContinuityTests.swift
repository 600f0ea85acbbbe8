import Foundation
import XCTest
import TestSupport
import LibC

/// Issue 9's continuity, end to end (the built drover in a tmux pane, a real sshd running the
/// herdr stand-in, the link cut by stopping sshd): keys typed while reconnecting are kept and
/// reach the session in order, the queue is bounded and can be discarded, a key or `ctrl+] r`
/// retries at once, and a host that stops answering is named from the first unanswered
/// keepalive.
final class AttachContinuityTests: XCTestCase {
    private var harness: AttachHarness!

    override func setUpWithError() throws {
        harness = try AttachHarness()
        try harness.registerHost(command: harness.standinCommand)
        try harness.startOuterTerminal(width: 120, height: 30)
    }

    override func tearDown() {
        harness?.tearDown()
    }

    /// Attaches, proves the session answers, then cuts the link and waits for Drover to say so.
    private func attachThenCutTheLink() throws {
        try harness.attachTrusting(until: "inner$")
        try harness.type("echo before-$((1+1))\n")
        try harness.waitFor("before-2")
        try harness.sshd.stopAndDropConnections()
        try harness.waitFor("reconnecting")
    }

    func testKeysTypedWhileReconnectingReachTheSessionInOrder() throws {
        try attachThenCutTheLink()
        let first = "echo first-$((1+1))", second = "; echo second-$((2+2))\n"
        try harness.type(first)
        try harness.waitFor("\(first.utf8.count) typed bytes wait to be sent")
        try harness.type(second)
        let waiting = try harness.waitFor("\(first.utf8.count + second.utf8.count) typed bytes wait to be sent")
        XCTAssertTrue(waiting.contains("before-2"), "the kept screen stays:\n\(waiting)")

        try harness.sshd.restart()
        try harness.keys("C-]", "r")   // retry now instead of waiting out the backoff
        let screen = try harness.waitUntil("both outputs, in order", timeout: 30) {
            guard let a = $0.range(of: "first-2\n"), let b = $0.range(of: "second-4") else { return false }
            return a.upperBound <= b.lowerBound
        }
        XCTAssertEqual(screen.components(separatedBy: "second-4").count, 2, "sent once:\n\(screen)")
        try harness.waitUntil("the queue note gone") { !$0.contains("typed bytes wait") }

        try harness.keys("C-]", "d")
        let exit = try harness.waitForExit()
        XCTAssertEqual(exit.status, 0, exit.screen)
    }

    /// Past 4 KiB the oldest keys are kept and newer ones dropped, and the status line says so;
    /// `ctrl+] x` discards the queue, so none of it reaches the session.
    func testTheQueueIsBoundedSaysSoAndCtrlXDiscardsIt() throws {
        try attachThenCutTheLink()
        try harness.type(String(repeating: "y", count: 5000))
        let full = AttachHarness.unwrapped(try harness.waitFor("newer bytes dropped"))   // the notes may take two rows
        XCTAssertTrue(full.contains("full at 4 KiB"), full)
        XCTAssertTrue(full.contains("ctrl+] x discards"), full)

        try harness.keys("C-]", "x")
        try harness.waitFor("discarded")
        try harness.waitUntil("the queue note gone") { !$0.contains("typed bytes wait") }

        try harness.sshd.restart()
        try harness.type("echo after-$((5*5))\n")   // a key retries at once; these are kept and sent
        let screen = try harness.waitFor("after-25", timeout: 30)
        XCTAssertFalse(screen.contains("yyyy"), "discarded keys never reach the session:\n\(screen)")
        try harness.keys("C-]", "d")
        XCTAssertEqual(try harness.waitForExit().status, 0)
    }

    /// A key press while Drover waits out its backoff reconnects at once: with the next try
    /// several seconds away, the typed command's output comes well before it.
    func testAKeyRetriesAtOnceInsteadOfWaitingOutTheBackoff() throws {
        try attachThenCutTheLink()
        // Tries 1 to 3 fail while sshd is down (1 + 2 + 4 s); try 4 waits 8 s.
        try harness.waitFor("(attempt 4", timeout: 30)
        try harness.sshd.restart()
        let seconds = Self.countdown(in: try harness.screen()) ?? 0
        try XCTSkipIf(seconds < 5, "the machine is too slow to tell a retry from the timer (\(seconds) s left)")

        try harness.type("echo now-$((4+4))\n")
        try harness.waitFor("now-8", timeout: Double(seconds - 2))
        try harness.keys("C-]", "d")
        XCTAssertEqual(try harness.waitForExit().status, 0)
    }

    /// Reconnecting goes on forever, but a permanent failure still stops it with the reason:
    /// here the host comes back with another host key.
    func testAChangedHostKeyStopsReconnectingWithTheReason() throws {
        try attachThenCutTheLink()
        try harness.sshd.replaceHostKey()
        try harness.keys("C-]", "r")
        let exit = try harness.waitForExit()
        XCTAssertEqual(exit.status, 1, exit.screen)
        XCTAssertTrue(exit.screen.contains("HOST KEY CHANGED"), exit.screen)
    }

    /// The seconds in "reconnecting in 8s".
    private static func countdown(in screen: String) -> Int? {
        guard let range = screen.range(of: #"reconnecting in (\d+)s"#, options: .regularExpression) else { return nil }
        return Int(screen[range].dropFirst("reconnecting in ".count).dropLast())
    }

    /// A host that stops answering (its sshd frozen, TCP up) is named after the first unanswered
    /// keepalive, counting up, before it is declared dead and Drover reconnects.
    func testAnUnansweredKeepaliveIsShownBeforeTheLinkIsDeclaredDead() throws {
        try harness.attachTrusting(until: "inner$", options: "--keepalive 2")
        try harness.type("echo before-$((1+2))\n")
        try harness.waitFor("before-3")
        let frozen = try harness.sshd.connectionProcessIDs()
        XCTAssertFalse(frozen.isEmpty)
        for pid in frozen { kill(pid, SIGSTOP) }
        defer { for pid in frozen { kill(pid, SIGKILL) } }

        let silent = try harness.waitFor("e2e: no answer for")
        XCTAssertTrue(AttachHarness.unwrapped(silent).contains("reconnecting after 6 s of silence"), silent)
        XCTAssertFalse(AttachHarness.unwrapped(silent).contains("connection lost"), "shown before the link is declared dead:\n\(silent)")
        try harness.waitFor("no answer from the host for")   // then declared dead, and Drover reconnects
        try harness.waitUntil("the status line gone after reattaching", timeout: 30) {
            !$0.contains("reconnecting") && !$0.contains("no answer") && !$0.contains("connecting to")
                && !$0.contains("authenticating")
        }
        try harness.keys("C-]", "d")
        XCTAssertEqual(try harness.waitForExit().status, 0)
    }
}
