import Foundation
import XCTest
import TestSupport
import LibC

/// Killing Drover with SIGTERM or SIGHUP mid-session gives the outer terminal back as it was:
/// main screen, no mouse reporting, cursor shown, no bracketed paste. Closing the terminal
/// (its pane killed) ends Drover too.
final class AttachSignalRestoreTests: XCTestCase {
    private var harness: AttachHarness!

    override func setUpWithError() throws {
        harness = try AttachHarness()
        // The session hides the cursor and asks for mouse, paste and application cursor keys, so
        // Drover's outer terminal is in as many non-default modes as it can be.
        try harness.registerHost(command: AttachHarness.fixtureCommand(["25l", "1h", "1000h", "1002h", "1006h", "2004h"]))
        try harness.startOuterTerminal(width: 90, height: 24)
    }

    override func tearDown() {
        harness?.tearDown()
    }

    func testSIGTERMMidSessionRestoresTheOuterTerminal() throws {
        try assertKillingRestoresTheTerminal(with: SIGTERM)
    }

    func testSIGHUPMidSessionRestoresTheOuterTerminal() throws {
        try assertKillingRestoresTheTerminal(with: SIGHUP)
    }

    func testClosingTheOuterTerminalEndsDrover() throws {
        try harness.attachTrusting(until: "READY 25l")
        let pid = try harness.droverPID()
        try harness.tmux(["new-window", "-d", "-t", "outer", "sleep 600"])   // keeps the tmux server up
        try harness.tmux(["kill-pane", "-t", "outer:0"])
        // drover is the pane's process, not this test's child: its exit can only be polled for.
        let deadline = Date().addingTimeInterval(10)
        while kill(pid, 0) == 0 && Date() < deadline { usleep(20_000) }
        XCTAssertEqual(kill(pid, 0), -1, "drover (PID \(pid)) still runs after its terminal closed")
    }

    private func assertKillingRestoresTheTerminal(with signal: Int32, file: StaticString = #filePath, line: UInt = #line) throws {
        let before = try harness.modes()
        try harness.attachTrusting(until: "READY 25l")
        try harness.waitUntil("Drover mirroring the session's hidden cursor") { _ in
            (try? self.harness.modes()["cursor_flag"]) == "0"
        }
        let attached = try harness.modes()
        XCTAssertEqual(attached["alternate_on"], "1", file: file, line: line)
        XCTAssertEqual(attached["mouse_sgr_flag"], "1", file: file, line: line)

        let pid = try harness.droverPID()
        XCTAssertEqual(kill(pid, signal), 0, "drover (PID \(pid)) is running", file: file, line: line)
        let exit = try harness.waitForExit()
        XCTAssertEqual(exit.status, 128 + Int(signal), "drover dies of the signal after restoring:\n\(exit.screen)",
                       file: file, line: line)
        XCTAssertEqual(try harness.modes(), before, file: file, line: line)
        XCTAssertFalse(exit.screen.contains("READY"), "the session's screen is gone with the alternate screen", file: file, line: line)
        try harness.assertBracketedPasteIsOff(file: file, line: line)
    }
}
