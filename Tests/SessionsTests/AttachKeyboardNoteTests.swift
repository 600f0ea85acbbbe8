import Foundation
import XCTest
import TestSupport
import LibC

/// The note that the local terminal reports no modified keys (so the prefix then Enter sends
/// Shift+Enter) is said once per kind of terminal, not at every attach: the first attach in a
/// tmux pane without `extended-keys` shows it and remembers `tmux/TERM` in Drover's directory
/// (0600); the second attach from the same kind of terminal does not show it.
final class AttachKeyboardNoteTests: XCTestCase {
    private var harness: AttachHarness!
    private let note = "this terminal reports no modified keys"

    override func tearDown() {
        harness?.tearDown()
    }

    func testTheNoteIsSaidAtTheFirstAttachFromAKindOfTerminalOnly() throws {
        harness = try AttachHarness()
        try harness.startOuterTerminal(width: 120, height: 30)
        // A host program that asks for kitty flag 1 (as coding agents do) and echoes each read.
        try harness.registerHost(command: "printf '\\033[>1u'; " + AttachHarness.fixtureCommand(["2004h"]))
        let file = harness.home + "/keyboard-notes"

        try harness.attachTrusting(until: "READY 2004h")
        try typeAndAwaitEchoes("ab")
        let first = try harness.screen()
        XCTAssertTrue(AttachHarness.unwrapped(first).contains(note), first)
        // Remembered off the loop thread: await the file before detaching.
        let deadline = Date().addingTimeInterval(15)
        while !FileManager.default.fileExists(atPath: file) && Date() < deadline { usleep(20_000) }
        let kinds = try String(contentsOfFile: file, encoding: .utf8)
        let term = try harness.tmux(["show", "-gv", "default-terminal"]).trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertEqual(kinds, "tmux/\(term)\n")
        var status = stat()
        XCTAssertEqual(stat(file, &status), 0)
        XCTAssertEqual(status.st_mode & 0o777, 0o600)
        try harness.keys("C-]", "d")
        XCTAssertEqual(try harness.waitForExit().status, 0)

        // Again from the same kind of terminal: the same steps, and no note.
        try harness.type("clear\n")
        try harness.waitUntil("a cleared pane") { !$0.contains("EXIT=") }
        try harness.startAttach()
        try harness.waitFor("READY 2004h")
        try typeAndAwaitEchoes("cd")
        let screen = try harness.screen()
        XCTAssertFalse(AttachHarness.unwrapped(screen).contains(note), screen)
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), kinds, "nothing new to remember")
        try harness.keys("C-]", "d")
        XCTAssertEqual(try harness.waitForExit().status, 0)
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
