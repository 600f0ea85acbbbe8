import Foundation
import XCTest
import TestSupport

/// History mode end to end, with the built drover in a tmux pane whose tmux keeps OSC 52 in its
/// paste buffer (`set-clipboard on`): scrolling back through 5,000 lines, search, a copied
/// selection arriving byte for byte, and the rewind of an alternate-screen program.
final class AttachHistoryTests: XCTestCase {
    private var harness: AttachHarness!

    override func setUpWithError() throws {
        harness = try AttachHarness()
    }

    override func tearDown() {
        harness?.tearDown()
    }

    private func startOuter() throws {
        try harness.startOuterTerminal(width: 100, height: 30)
        try harness.tmux(["set", "-g", "set-clipboard", "on"])
    }

    /// The status line's "history N/M": the cursor's line.
    private func cursorLine(_ screen: String) -> Int? {
        guard let range = screen.range(of: #"history (\d+)/"#, options: .regularExpression) else { return nil }
        return Int(screen[range].dropFirst("history ".count).dropLast())
    }

    func testScrollSearchAndCopyThreeLinesOf5000() throws {
        try harness.registerHost(command: "exec sh -c 'seq -f line-%g 1 5000; echo ALL-PRINTED; exec sleep 600'")
        try startOuter()
        try harness.attachTrusting(until: "ALL-PRINTED")

        try harness.keys("C-]", "[")
        try harness.waitFor("/ ? search")
        // To the top, then down to line 1234 (the first line of the scrollback is line-1).
        try harness.keys("g")
        try harness.waitUntil("the top") { self.cursorLine($0) == 1 }
        try harness.tmux(["send-keys", "-t", "outer", "-N", "1233", "j"])
        let at1234 = try harness.waitUntil("line 1234") { self.cursorLine($0) == 1234 }
        XCTAssertTrue(at1234.contains("line-1234"), at1234)
        XCTAssertFalse(at1234.contains("line-4321"))

        try harness.type("/line-4321\n")
        let found = try harness.waitUntil("the match") { self.cursorLine($0) == 4321 }
        XCTAssertTrue(found.contains("line-4321"), found)

        try harness.keys("v", "j", "j")
        try harness.waitFor("3 lines selected")
        try harness.keys("y")
        try harness.waitFor("copied")
        XCTAssertEqual(try harness.tmux(["show-buffer"]), "line-4321\nline-4322\nline-4323")

        // New output keeps arriving while frozen is not part of this host; leave and detach.
        try harness.keys("q")
        try harness.waitUntil("the live screen") { !$0.contains("/ ? search") && $0.contains("ALL-PRINTED") }
        try harness.keys("C-]", "d")
        XCTAssertEqual(try harness.waitForExit().status, 0)
    }

    /// Trial finding: a failing --copy-command was reported as "copied with --copy-command"
    /// and its failure never reached the screen (history mode draws no banner).
    func testAFailingCopyCommandIsSaidInHistoryMode() throws {
        try harness.registerHost(command: "exec sh -c 'echo COPY-ME; echo READY-1; exec sleep 600'")
        try harness.startOuterTerminal(width: 160, height: 30)
        try harness.attachTrusting(until: "READY-1", options: "--copy-command false")

        try harness.keys("C-]", "[")
        try harness.waitFor("/ ? search")
        try harness.keys("v")
        try harness.waitFor("1 line selected")
        try harness.keys("y")
        let screen = try harness.waitFor("copy command 'false' exited 1")
        XCTAssertFalse(screen.contains("copied with"), screen)
        try harness.keys("q")
        try harness.waitUntil("history mode to close") { !$0.contains("/ ? search") }
        try harness.keys("C-]", "d")
        XCTAssertEqual(try harness.waitForExit().status, 0)
    }

    func testRewindShowsEarlierScreensOfAnAlternateScreenProgram() throws {
        let script = harness.scratch.file("bin/counter")
        try """
            #!/usr/bin/python3
            import sys
            out = sys.stdout
            out.write("\\x1b[?1049h\\x1b[H\\x1b[2J" + "counter 0\\r\\nvalue-early\\r\\nWAITING")
            out.flush()
            sys.stdin.readline()
            out.write("\\x1b[H\\x1b[2J")
            for i in range(1, 1001):
                out.write("\\x1b[1;1Hcounter %d\\x1b[K\\x1b[30;1H\\r\\nvalue-%d" % (i, i))
                out.flush()
            out.write("\\x1b[1;1Hcounter 1000 DONE\\x1b[K")
            out.flush()
            sys.stdin.readline()

            """.write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)
        try harness.registerHost(command: "exec \(script)")
        try startOuter()
        let budget = 1 << 20
        try harness.attachTrusting(until: "WAITING", environment: "DROVER_HISTORY_BUDGET=\(budget)")
        try harness.type("go\n")
        let live = try harness.waitFor("counter 1000 DONE")
        XCTAssertFalse(live.contains("value-early"), "the early value has scrolled away")

        try harness.keys("C-]", "PPage")
        let history = try harness.waitFor("/ ? search")
        // "rewind N screens, X of 1024 KiB": the rewind holds screens, within the budget.
        let note = try XCTUnwrap(history.range(of: #"rewind \d+ screens?, \d+ of \d+ KiB"#, options: .regularExpression))
        let numbers = history[note].split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        XCTAssertEqual(numbers.count, 3, String(history[note]))
        XCTAssertGreaterThanOrEqual(numbers[0], 1, "at least the screen that waited")
        XCTAssertLessThanOrEqual(numbers[1], numbers[2])
        XCTAssertEqual(numbers[2], budget / 1024)

        try harness.keys("g")
        let first = try harness.waitUntil("the first screen") { self.cursorLine($0) == 1 }
        XCTAssertTrue(first.contains("screen 1 of"), first)
        XCTAssertTrue(first.contains("counter 0"), "rewind shows the earlier value:\n\(first)")

        try harness.keys("G")
        try harness.waitUntil("the bottom") { !$0.contains("screen 1 of") }
        try harness.type("?value-early\n")
        let found = try harness.waitUntil("the scrolled-away value") {
            $0.contains("value-early") && !$0.contains("?value-early")
        }
        XCTAssertTrue(found.contains("counter 0"), found)

        try harness.keys("q")
        try harness.waitUntil("the live screen") { !$0.contains("/ ? search") && $0.contains("counter 1000 DONE") }
        try harness.keys("C-]", "d")
        XCTAssertEqual(try harness.waitForExit().status, 0)
    }
}
