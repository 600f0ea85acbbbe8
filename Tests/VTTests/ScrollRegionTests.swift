import XCTest
@testable import VT

final class ScrollRegionTests: XCTestCase {
    private func numbered(_ rows: Int, columns: Int = 6) -> Terminal {
        let t = Terminal(columns: columns, rows: rows)
        t.feed((1...rows).map { "L\($0)" }.joined(separator: "\r\n"))
        return t
    }

    func testLineFeedAtTheRegionBottomScrollsOnlyTheRegion() {
        let t = numbered(5)
        t.feed("\(CSI)2;4r\(CSI)4;1H\nX")
        XCTAssertEqual(t.lines, ["L1", "L3", "L4", "X", "L5"])
        XCTAssertEqual(t.scrollback.count, 0, "region scrolling does not feed history")
    }

    /// The grid keeps its lines in a ring that turns on whole-screen scrolls; region scrolls,
    /// whole-screen scroll-downs and resizes after any number of turns keep rows in order.
    func testRowsStayInOrderAfterTheLineRingTurns() {
        for turns in 0...6 {
            let t = Terminal(columns: 6, rows: 5, scrollbackLimit: 20)
            t.feed((1...(5 + turns)).map { "L\($0)" }.joined(separator: "\r\n"))
            let top = turns + 1
            XCTAssertEqual(t.lines, (top...(top + 4)).map { "L\($0)" }, "after \(turns) turns")
            XCTAssertEqual(t.scrollback.count, turns)
            t.feed("\(CSI)2;4r\(CSI)4;1H\nX")   // a region scroll
            XCTAssertEqual(t.lines, ["L\(top)", "L\(top + 2)", "L\(top + 3)", "X", "L\(top + 4)"], "region, \(turns) turns")
            t.feed("\(CSI)r\(CSI)1;1H\u{1B}M")    // a whole-screen scroll down
            XCTAssertEqual(t.lines, ["", "L\(top)", "L\(top + 2)", "L\(top + 3)", "X"], "down, \(turns) turns")
            t.feed("\(CSI)5;1H\nY")                // turns once more
            XCTAssertEqual(t.lines, ["L\(top)", "L\(top + 2)", "L\(top + 3)", "X", "Y"], "up again, \(turns) turns")
            t.resize(columns: 6, rows: 3)
            XCTAssertEqual(t.lines, ["L\(top + 3)", "X", "Y"], "resized, \(turns) turns")
        }
        // Counts above one, insert and delete at the top, the alternate screen and a wider
        // screen after turns.
        let t = Terminal(columns: 6, rows: 5, scrollbackLimit: 20)
        t.feed((1...8).map { "L\($0)" }.joined(separator: "\r\n"))   // three turns
        t.feed("\(CSI)2S")
        XCTAssertEqual(t.lines, ["L6", "L7", "L8", "", ""])
        t.feed("\(CSI)3T")
        XCTAssertEqual(t.lines, ["", "", "", "L6", "L7"])
        t.feed("\(CSI)4;1HM\(CSI)1;1H\(CSI)2M")
        XCTAssertEqual(t.lines, ["", "M6", "L7", "", ""])
        t.feed("\(CSI)2;1H\(CSI)L")
        XCTAssertEqual(t.lines, ["", "", "M6", "L7", ""])
        t.feed("\(CSI)?1049h\(CSI)5;1Ha\nb\nc\(CSI)?1049l")
        XCTAssertEqual(t.lines, ["", "", "M6", "L7", ""], "the alternate screen's turns leave the primary as it was")
        t.resize(columns: 9, rows: 5)
        // As before the ring (checked with the release build of e3c2722): the reflow brings L5 back.
        XCTAssertEqual(t.lines, ["L5", "", "", "M6", "L7"])
    }

    /// A wrap sets the row's wrapped flag and moves its version, even when no cell of it
    /// changes, so history snapshots (which re-read only moved rows) join the line.
    func testAWrapMovesTheRowVersion() {
        let t = Terminal(columns: 4, rows: 3)
        t.feed("abcd")
        let before = t.frame().rowVersions[0]
        t.feed("e")
        XCTAssertNotEqual(t.frame().rowVersions[0], before)
    }

    func testReverseIndexAtTheRegionTopScrollsDown() {
        let t = numbered(5)
        t.feed("\(CSI)2;4r\(CSI)2;1H\u{1B}M")
        XCTAssertEqual(t.lines, ["L1", "", "L2", "L3", "L5"])
    }

    func testSettingTheRegionHomesTheCursor() {
        let t = numbered(5)
        t.feed("\(CSI)2;4r")
        assertCursor(t, 0, 0)
        // An invalid region (top >= bottom) is ignored.
        t.feed("\(CSI)3;3H\(CSI)4;2r")
        assertCursor(t, 2, 2)
    }

    func testABottomMarginPastTheScreenIsClamped() {
        let t = numbered(5)
        t.feed("\(CSI)2;99r\(CSI)5;1H\nX")
        XCTAssertEqual(t.lines, ["L1", "L3", "L4", "L5", "X"])
        XCTAssertEqual(t.scrollback.count, 0)
    }

    func testLeftRightMarginsNeedMode69() {
        let t = numbered(4, columns: 8)
        t.feed("\(CSI)3;5s")
        // Without ?69, CSI s is save-cursor: no margins.
        XCTAssertEqual(t.modes.leftRightMarginMode, false)
        t.feed("\(CSI)?69h\(CSI)3;5s")
        assertCursor(t, 0, 0)
        t.feed("\(CSI)1;1HABCDEFGH\(CSI)2;1Habcdefgh")
        // Printing is confined: the first row wraps at column 5 back to column 3 of row 2.
        XCTAssertEqual(t.lines[0], "ABCDE")
    }

    func testScrollingWithLeftRightMarginsMovesOnlyTheRectangle() {
        let t = Terminal(columns: 6, rows: 3)
        t.feed("abcdef\r\nghijkl\r\nmnopqr")
        t.feed("\(CSI)?69h\(CSI)2;4s\(CSI)S")
        XCTAssertEqual(t.lines, ["ahijef", "gnopkl", "m   qr"])
        t.feed("\(CSI)T")
        XCTAssertEqual(t.lines, ["a   ef", "ghijkl", "mnopqr"])
    }

    func testCarriageReturnGoesToTheLeftMargin() {
        let t = Terminal(columns: 8, rows: 2)
        t.feed("\(CSI)?69h\(CSI)3;6s\(CSI)1;5H\rX")
        XCTAssertEqual(t.lines[0], "  X")
    }

    func testDeleteCharactersStopsAtTheRightMargin() {
        let t = Terminal(columns: 8, rows: 1)
        t.feed("abcdefgh\(CSI)?69h\(CSI)2;5s\(CSI)1;2H\(CSI)P")
        XCTAssertEqual(t.lines[0], "acde fgh")
    }

    func testResettingMode69ClearsTheMargins() {
        let t = Terminal(columns: 8, rows: 2)
        t.feed("\(CSI)?69h\(CSI)3;5s\(CSI)?69l\(CSI)1;1HABCDEFGH")
        XCTAssertEqual(t.lines[0], "ABCDEFGH")
    }
}
