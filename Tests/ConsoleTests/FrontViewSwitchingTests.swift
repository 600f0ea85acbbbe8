import XCTest
import VT
import Render
@testable import Console

/// `FrontView.show(_:)`: switching the displayed emulator (another host's kept screen).
final class FrontViewSwitchingTests: XCTestCase {
    typealias Harness = FrontViewTests.Harness

    func testShowingAnotherTerminalRedrawsItsWholeScreenAndSwitchingBackRestoresTheFirst() throws {
        let h = try Harness()
        let first = h.view.screen
        h.view.receiveRemote(Array("alpha one\r\nalpha two".utf8))
        try h.loop.runOnce()
        XCTAssertEqual(Array(h.lines.prefix(2)), ["alpha one", "alpha two"])

        let second = HostScreen(terminal: Terminal(columns: 20, rows: 5))
        _ = second.feed(Array("\r\n\r\nbeta".utf8))
        h.view.show(second)
        XCTAssertTrue(h.view.screen === second)
        XCTAssertTrue(second.viewer === h.view && first.viewer == nil, "the hidden screen has no viewer")
        try h.run { h.lines[2] == "beta" }
        XCTAssertEqual(h.lines, ["", "", "beta", "", ""], "nothing of the first screen is left")
        XCTAssertEqual(h.local.cursor.row, 2)
        XCTAssertEqual(h.local.cursor.column, 4)

        h.view.show(first)
        try h.run { h.lines[0] == "alpha one" }
        XCTAssertEqual(h.lines, ["alpha one", "alpha two", "", "", ""])
    }

    func testOutputForTheShownTerminalIsDrawnAndItsRepliesGoToTheRemote() throws {
        let h = try Harness()
        let second = HostScreen(terminal: Terminal(columns: 20, rows: 5))
        h.view.show(second)
        h.view.receiveRemote(Array("\u{1B}[6nbeta".utf8))
        XCTAssertEqual(String(decoding: h.sent, as: UTF8.self), "\u{1B}[1;1R")
        XCTAssertEqual(second.terminal.frame().rowText(0), "beta", "remote output feeds the shown terminal")
        try h.run { h.lines[0] == "beta" }
    }

    /// A hidden host's link feeds its own screen and gets its answers back, without the view:
    /// nothing is drawn for it, and what it answers is the link's, not the view's.
    func testAHiddenScreenIsFedAndAnsweredWithoutTheRelay() throws {
        let h = try Harness()
        try h.run { h.frames.count == 0 && h.loop.scheduledTimerCount == 0 }
        let hidden = HostScreen(terminal: Terminal(columns: 20, rows: 5))
        XCTAssertEqual(hidden.feed(Array("\u{1B}[6nhidden".utf8)), Array("\u{1B}[1;1R".utf8))
        XCTAssertEqual(h.loop.scheduledTimerCount, 0, "no frame is asked for")
        XCTAssertTrue(h.sent.isEmpty, "the view sends no answer of a hidden screen")
        h.view.show(hidden)
        try h.run { h.lines[0] == "hidden" }
    }
}
