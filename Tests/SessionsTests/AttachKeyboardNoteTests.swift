import Foundation
import XCTest
import TestSupport
import LibC

/// The note that the local terminal reports no modified keys (so the prefix then Enter sends
/// Shift+Enter) is said once per kind of terminal, not at every attach: an attach in a tmux pane
/// without `extended-keys` shows it, and once its banner stood its full reading time, the run
/// remembers `tmux/TERM` in Drover's directory (0600) when it ends; the next attach from the
/// same kind of terminal does not show it. A note that gave way before it could be read (a
/// newer banner, a detach at once) is not remembered, and is said again.
final class AttachKeyboardNoteTests: XCTestCase {
    private var harness: AttachHarness!
    private let note = "this terminal reports no modified keys"
    private var file: String { harness.home + "/keyboard-notes" }

    override func tearDown() {
        harness?.tearDown()
    }

    /// A tmux pane with a registered host whose program asks for kitty flag 1 (as coding agents
    /// do) and echoes each read.
    private func start() throws {
        harness = try AttachHarness()
        try harness.startOuterTerminal(width: 120, height: 30)
        try harness.registerHost(command: "printf '\\033[>1u'; " + AttachHarness.fixtureCommand(["2004h"]))
    }

    func testTheNoteIsSaidAtTheFirstAttachFromAKindOfTerminalOnly() throws {
        try start()
        try harness.attachTrusting(until: "READY 2004h")
        try typeAndAwaitEchoes("ab")
        let first = try harness.screen()
        XCTAssertTrue(AttachHarness.unwrapped(first).contains(note), first)
        // Up for its reading time, then gone; remembered when the run ends.
        try harness.waitUntil("the note's banner to go") { !AttachHarness.unwrapped($0).contains(self.note) }
        XCTAssertFalse(FileManager.default.fileExists(atPath: file), "written when the run ends, not while it runs")
        try harness.keys("C-]", "d")
        XCTAssertEqual(try harness.waitForExit().status, 0)
        let kinds = try String(contentsOfFile: file, encoding: .utf8)
        let term = try harness.tmux(["show", "-gv", "default-terminal"]).trimmingCharacters(in: .whitespacesAndNewlines)
        // One line; what follows TERM (a VTE_VERSION, WT_SESSION…) is the test runner's terminal's.
        XCTAssertTrue(kinds.hasPrefix("tmux/\(term)") && kinds.hasSuffix("\n"), kinds)
        XCTAssertEqual(kinds.split(separator: "\n").count, 1, kinds)
        var status = stat()
        XCTAssertEqual(stat(file, &status), 0)
        XCTAssertEqual(status.st_mode & 0o777, 0o600)

        // Again from the same kind of terminal: the same steps, and no note.
        try harness.type("clear\n")
        try harness.waitUntil("a cleared pane") { !$0.contains("EXIT=") }
        try harness.startAttach()
        try harness.waitFor("READY 2004h")
        try typeAndAwaitEchoes("cd")
        let screen = try harness.screen()
        XCTAssertFalse(AttachHarness.unwrapped(screen).contains(note), screen)
        try harness.keys("C-]", "d")
        XCTAssertEqual(try harness.waitForExit().status, 0)
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), kinds, "nothing new to remember")
    }

    func testANoteThatGaveWayAtOnceIsSaidAgain() throws {
        try start()
        try harness.attachTrusting(until: "READY 2004h")
        try typeAndAwaitEchoes("ab")
        XCTAssertTrue(AttachHarness.unwrapped(try harness.screen()).contains(note))
        // A newer banner replaces the note before its time is up.
        try harness.keys("C-]", "x")
        try harness.waitFor("no typed keys were waiting")
        try harness.keys("C-]", "d")
        XCTAssertEqual(try harness.waitForExit().status, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: file), "a replaced note is not remembered")

        // Said again; a detach while it is up does not remember it either.
        try harness.type("clear\n")
        try harness.waitUntil("a cleared pane") { !$0.contains("EXIT=") }
        try harness.startAttach()
        try harness.waitFor("READY 2004h")
        try typeAndAwaitEchoes("cd")
        XCTAssertTrue(AttachHarness.unwrapped(try harness.screen()).contains(note), "said again")
        try harness.keys("C-]", "d")
        XCTAssertEqual(try harness.waitForExit().status, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: file), "a note cut short by a detach is not remembered")
    }

    /// Types `letters` one at a time, each after the host's echo of the one before: by the
    /// second echo, a frame has been drawn after the probe's answer and after the frame that
    /// would carry the note's banner.
    private func typeAndAwaitEchoes(_ letters: String) throws {
        var expected = ""
        for letter in letters {
            expected += String(letter.asciiValue!, radix: 16)
            try harness.type(String(letter))
            let want = expected
            try harness.waitUntil("the echo of \(letter)") { AttachHarness.receivedHex(in: $0).hasSuffix(want) }
        }
    }
}
