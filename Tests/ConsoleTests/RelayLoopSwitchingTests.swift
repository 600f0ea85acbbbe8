import XCTest
import VT
import Render
@testable import Console

/// `RelayLoop.show(_:)`: switching the displayed emulator (another host's kept screen).
final class RelayLoopSwitchingTests: XCTestCase {
    typealias Harness = RelayLoopTests.Harness

    func testShowingAnotherTerminalRedrawsItsWholeScreenAndSwitchingBackRestoresTheFirst() throws {
        let h = try Harness()
        let first = h.relay.screen
        h.relay.receiveRemote(Array("alpha one\r\nalpha two".utf8))
        try h.loop.runOnce()
        XCTAssertEqual(Array(h.lines.prefix(2)), ["alpha one", "alpha two"])

        let second = HostScreen(terminal: Terminal(columns: 20, rows: 5))
        _ = second.feed(Array("\r\n\r\nbeta".utf8))
        h.relay.show(second)
        XCTAssertTrue(h.relay.screen === second)
        XCTAssertTrue(second.viewer === h.relay && first.viewer == nil, "the hidden screen has no viewer")
        try h.run { h.lines[2] == "beta" }
        XCTAssertEqual(h.lines, ["", "", "beta", "", ""], "nothing of the first screen is left")
        XCTAssertEqual(h.local.cursor.row, 2)
        XCTAssertEqual(h.local.cursor.column, 4)

        h.relay.show(first)
        try h.run { h.lines[0] == "alpha one" }
        XCTAssertEqual(h.lines, ["alpha one", "alpha two", "", "", ""])
    }

    func testOutputForTheShownTerminalIsDrawnAndItsRepliesGoToTheRemote() throws {
        let h = try Harness()
        let second = HostScreen(terminal: Terminal(columns: 20, rows: 5))
        h.relay.show(second)
        h.relay.receiveRemote(Array("\u{1B}[6nbeta".utf8))
        XCTAssertEqual(String(decoding: h.sent, as: UTF8.self), "\u{1B}[1;1R")
        XCTAssertEqual(second.terminal.frame().rowText(0), "beta", "remote output feeds the shown terminal")
        try h.run { h.lines[0] == "beta" }
    }

    /// A hidden host's link feeds its own screen and gets its answers back, without the relay:
    /// nothing is drawn for it, and what it answers is the link's, not the relay's.
    func testAHiddenScreenIsFedAndAnsweredWithoutTheRelay() throws {
        let h = try Harness()
        try h.run { h.frames.count == 0 && h.loop.scheduledTimerCount == 0 }
        let hidden = HostScreen(terminal: Terminal(columns: 20, rows: 5))
        XCTAssertEqual(hidden.feed(Array("\u{1B}[6nhidden".utf8)), Array("\u{1B}[1;1R".utf8))
        XCTAssertEqual(h.loop.scheduledTimerCount, 0, "no frame is asked for")
        XCTAssertTrue(h.sent.isEmpty, "the relay sends no answer of a hidden screen")
        h.relay.show(hidden)
        try h.run { h.lines[0] == "hidden" }
    }
}
