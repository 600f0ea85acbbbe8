import Foundation
import TestSupport
import XCTest

/// Issue 32, in a real terminal (a tmux pane): bare `drover` opens the host menu and attaches
/// the host picked with the arrows; `drover --list` keeps the table; `drover replay --play`
/// plays a recording at its pace and gives the terminal back on q.
final class BareDroverAndPlayTests: XCTestCase {
    func testTheMenuAttachesTheHostPickedWithTheArrows() throws {
        let h = try AttachHarness()
        defer { h.tearDown() }
        try h.registerHost(command: h.standinCommand)
        // Sorted first, so the mark starts on it and the arrow moves it to e2e.
        try h.registerHost(named: "aardvark", port: 1, command: "true")
        try h.startOuterTerminal()
        try h.type("drover --list; echo LISTED-$((1+1))\n")
        let listed = try h.waitFor("LISTED-2")
        XCTAssertTrue(listed.contains("NAME") && listed.contains("aardvark") && !listed.contains("Attach to which host?"), listed)

        try h.type("clear; drover; echo EXIT=$?\n")
        let menu = try h.waitFor("Attach to which host?")
        XCTAssertTrue(menu.contains("> 1 aardvark"), menu)
        try h.keys("Down")
        try h.waitFor("> 2 e2e")
        try h.keys("Enter")
        try h.waitFor("Type 'yes' to trust", timeout: 30)
        try h.type("yes\n")
        try h.waitFor("inner$", timeout: 30)
        try h.keys("C-]", "d")
        let (status, screen) = try h.waitForExit()
        XCTAssertEqual(status, 0, screen)
        XCTAssertTrue(screen.contains("e2e"), screen)
    }

    func testTheMenuLeavesOnQWithTheTerminalRestored() throws {
        let h = try AttachHarness()
        defer { h.tearDown() }
        try h.registerHost(command: h.standinCommand)
        try h.startOuterTerminal()
        try h.type("drover; echo EXIT=$?\n")
        try h.waitFor("Attach to which host?")
        try h.keys("q")
        let (status, screen) = try h.waitForExit()
        XCTAssertEqual(status, 0, screen)
        XCTAssertEqual(try h.modes()["alternate_on"], "0")
    }

    func testPlayShowsARecordingAtItsPaceAndQuitsOnQ() throws {
        let h = try AttachHarness()
        defer { h.tearDown() }
        let cast = h.scratch.file("play.cast")
        // The last event is an hour in: at speed 1 it cannot have come when q is pressed.
        try """
            {"version": 2, "width": 40, "height": 6}
            [0.0, "o", "first-event\\r\\n"]
            [3600.0, "o", "last-event\\r\\n"]

            """.write(toFile: cast, atomically: true, encoding: .utf8)
        try h.startOuterTerminal()
        try h.type("drover replay \(cast) --play; echo EXIT=$?\n")
        let playing = try h.waitFor("first-event")
        XCTAssertFalse(playing.contains("last-event"), playing)
        XCTAssertEqual(try h.modes()["alternate_on"], "1", "played on the alternate screen")
        try h.keys("q")
        let (status, screen) = try h.waitForExit()
        XCTAssertEqual(status, 0, screen)
        XCTAssertFalse(screen.contains("last-event"), screen)
        XCTAssertEqual(try h.modes()["alternate_on"], "0")

        // 1000 times as fast, the hour takes 3.6 s: the last event shows and stays until q.
        try h.type("clear; drover replay \(cast) --play --speed 1000; echo EXIT=$?\n")
        try h.waitFor("last-event")
        try h.keys("q")
        XCTAssertEqual(try h.waitForExit().status, 0)
    }
}
