import XCTest
import VT
import Render
@testable import Console

/// `RelayLoop.show(_:)`: switching the displayed emulator (another host's kept screen).
final class RelayLoopSwitchingTests: XCTestCase {
    typealias Harness = RelayLoopTests.Harness

    func testShowingAnotherTerminalRedrawsItsWholeScreenAndSwitchingBackRestoresTheFirst() throws {
        let h = try Harness()
        let first = h.relay.terminal
        h.relay.receiveRemote(Array("alpha one\r\nalpha two".utf8))
        try h.loop.runOnce()
        XCTAssertEqual(Array(h.lines.prefix(2)), ["alpha one", "alpha two"])

        let second = Terminal(columns: 20, rows: 5)
        second.feed(Array("\r\n\r\nbeta".utf8))
        h.relay.show(second)
        XCTAssertTrue(h.relay.terminal === second)
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
        let second = Terminal(columns: 20, rows: 5)
        h.relay.show(second)
        h.relay.receiveRemote(Array("\u{1B}[6nbeta".utf8))
        XCTAssertEqual(String(decoding: h.sent, as: UTF8.self), "\u{1B}[1;1R")
        XCTAssertEqual(second.frame().rowText(0), "beta", "remote output feeds the shown terminal")
        try h.run { h.lines[0] == "beta" }
    }
}
