import XCTest
@testable import VT

final class ResizeAndScrollbackTests: XCTestCase {
    func testScrollbackKeepsOnlyTheNewestLinesUpToItsLimit() {
        let t = Terminal(columns: 8, rows: 2, scrollbackLimit: 3)
        t.feed((1...10).map { "line\($0)" }.joined(separator: "\r\n"))
        XCTAssertEqual(t.scrollback.count, 3)
        XCTAssertEqual((0..<3).map { t.scrollback.text(at: $0) }, ["line6", "line7", "line8"])
        XCTAssertEqual(t.lines, ["line9", "line10"])
    }

    func testScrollbackKeepsAttributesAndWideCharacters() {
        let t = Terminal(columns: 8, rows: 1)
        t.feed("\(CSI)1m中x\(CSI)0m\r\nnext")
        let line = t.scrollback[0]
        XCTAssertEqual(line.count, 8)
        XCTAssertEqual(line[0].width, 2)
        XCTAssertTrue(line[2].attributes.flags.contains(.bold))
        XCTAssertEqual(t.scrollback.text(at: 0), "中x")
    }

    func testZeroScrollbackLimitKeepsNothing() {
        let t = Terminal(columns: 8, rows: 2, scrollbackLimit: 0)
        t.feed("1\r\n2\r\n3\r\n4")
        XCTAssertEqual(t.scrollback.count, 0)
        XCTAssertEqual(t.lines, ["3", "4"])
    }

    func testNarrowingReflowsTheLineIntoHistory() {
        let t = Terminal(columns: 10, rows: 2)
        t.feed("0123456789")
        t.resize(columns: 4, rows: 2)
        XCTAssertEqual(t.columns, 4)
        XCTAssertEqual(t.lines, ["4567", "89"])
        XCTAssertEqual(t.scrollback.text(at: 0), "0123")
        // The wrap was pending after '9': the cursor stays after it.
        assertCursor(t, 1, 2)
    }

    func testWideningJoinsWrappedRowsAgain() {
        let t = Terminal(columns: 4, rows: 3)
        t.feed("abcdefgh\r\nxy")
        XCTAssertEqual(t.lines, ["abcd", "efgh", "xy"])
        t.resize(columns: 10, rows: 3)
        XCTAssertEqual(t.lines, ["abcdefgh", "xy", ""])
        assertCursor(t, 1, 2)
        t.feed("z")
        XCTAssertEqual(t.lines[1], "xyz")
    }

    func testReflowBringsWrappedHistoryBack() {
        let t = Terminal(columns: 3, rows: 2)
        t.feed("abcdefghi\r\nend")
        XCTAssertEqual(t.lines, ["ghi", "end"])
        t.resize(columns: 9, rows: 2)
        XCTAssertEqual(t.lines, ["abcdefghi", "end"])
        XCTAssertEqual(t.scrollback.count, 0)
        assertCursor(t, 1, 3)
    }

    func testReflowKeepsTheCursorInsideItsLine() {
        let t = Terminal(columns: 6, rows: 3)
        t.feed("hello world\(CSI)2;2H")
        // The cursor sits on the 'w' of the wrapped second row ("world" starts at offset 6).
        t.resize(columns: 12, rows: 3)
        XCTAssertEqual(t.lines[0], "hello world")
        assertCursor(t, 0, 7)
    }

    func testAlternateScreenIsNotReflowed() {
        let t = Terminal(columns: 6, rows: 2)
        t.feed("\(CSI)?1049habcdefgh")
        t.resize(columns: 3, rows: 2)
        XCTAssertEqual(t.lines, ["abc", "gh"])
    }

    func testWideningPadsWithBlanks() {
        let t = Terminal(columns: 4, rows: 2)
        t.feed("abcd")
        t.resize(columns: 8, rows: 2)
        t.feed("\(CSI)1;6HX")
        XCTAssertEqual(t.lines, ["abcd X", ""])
    }

    func testShrinkingRowsKeepsTheCursorRowVisible() {
        let t = Terminal(columns: 5, rows: 5)
        t.feed("1\r\n2\r\n3\r\n4")
        t.resize(columns: 5, rows: 2)
        XCTAssertEqual(t.lines, ["3", "4"])
        assertCursor(t, 1, 1)
        XCTAssertEqual(t.scrollback.count, 2)
        XCTAssertEqual(t.scrollback.text(at: 1), "2")
    }

    func testShrinkingRowsDropsBlankLinesBelowTheCursorFirst() {
        let t = Terminal(columns: 5, rows: 5)
        t.feed("1\r\n2")
        t.resize(columns: 5, rows: 3)
        XCTAssertEqual(t.lines, ["1", "2", ""])
        XCTAssertEqual(t.scrollback.count, 0)
        assertCursor(t, 1, 1)
    }

    func testGrowingRowsBringsHistoryBack() {
        let t = Terminal(columns: 5, rows: 2)
        t.feed("1\r\n2\r\n3\r\n4")
        t.resize(columns: 5, rows: 4)
        XCTAssertEqual(t.lines, ["1", "2", "3", "4"])
        XCTAssertEqual(t.scrollback.count, 0)
        assertCursor(t, 3, 1)
    }

    func testResizeOnTheAlternateScreenKeepsBothScreens() {
        let t = Terminal(columns: 6, rows: 3)
        t.feed("main\(CSI)?1049h\(CSI)HALT")
        t.resize(columns: 4, rows: 2)
        XCTAssertEqual(t.lines[0], "ALT")
        t.feed("\(CSI)?1049l")
        XCTAssertEqual(t.lines[0], "main")
        XCTAssertEqual(t.frame().cells.count, 8)
    }

    func testResizeResetsMarginsAndKeepsTabStops() {
        let t = Terminal(columns: 10, rows: 5)
        t.feed("\(CSI)2;3r")
        t.resize(columns: 20, rows: 6)
        t.feed("\(CSI)3;1H\nX")
        XCTAssertEqual(t.lines[3], "X")
        t.feed("\r\t\t")
        assertCursor(t, 3, 16)
    }

    func testReflowMovesAWideCharacterThatNoLongerFits() {
        let t = Terminal(columns: 4, rows: 3)
        t.feed("a中\r")
        t.resize(columns: 2, rows: 3)
        XCTAssertEqual(t.lines, ["a", "中", ""])
        XCTAssertEqual(t.cell(1, 0).width, 2)
        XCTAssertEqual(t.cell(0, 1).width, 1)
    }

    func testReflowDropsThePadLeftBeforeAWrappedWideCharacter() {
        let t = Terminal(columns: 4, rows: 3)
        t.feed("abc中d")
        XCTAssertEqual(t.lines[0], "abc")
        t.resize(columns: 8, rows: 3)
        XCTAssertEqual(t.lines[0], "abc中d")
        assertCursor(t, 0, 6)
    }

    func testCuttingAWideCharacterOnTheAlternateScreenBlanksIt() {
        let t = Terminal(columns: 4, rows: 1)
        t.feed("\(CSI)?1049ha中")
        t.resize(columns: 2, rows: 1)
        XCTAssertEqual(t.cell(0, 1).width, 1)
        XCTAssertEqual(t.lines[0], "a")
    }

    func testFrameHasEveryRowVersionAfterResize() {
        let t = Terminal(columns: 4, rows: 2)
        t.resize(columns: 6, rows: 3)
        let f = t.frame()
        XCTAssertEqual(f.rowVersions.count, 3)
        XCTAssertEqual(f.cells.count, 18)
    }

    /// A left half kept alone (a DECCRA clipped at the last column) lives only in the last
    /// column: widening the primary screen (reflow) or the alternate one (cut or padded) leaves
    /// a written blank where it was, so row text shows no character the renderer hides.
    /// Narrowed so that it lands in the new last column, it stays.
    func testAResizeMovingALoneLeftHalfOffTheLastColumnLeavesABlank() {
        for alternate in [false, true] {
            let t = Terminal(columns: 20, rows: 6)
            t.feed((alternate ? "\(CSI)?1049h" : "") + "\(CSI)1;1H中文\(CSI)1;1;1;4;1;2;18$v")
            XCTAssertEqual(t.frame()[1, 19].width, 2, "alternate: \(alternate)")
            t.resize(columns: 30, rows: 6)
            let frame = t.frame()
            XCTAssertEqual(frame.rowText(1), String(repeating: " ", count: 17) + "中", "alternate: \(alternate)")
            XCTAssertEqual(frame[1, 19].content, 0x20, "alternate: \(alternate)")
            XCTAssertEqual(frame[1, 19].width, 1, "alternate: \(alternate)")
        }
        let t = Terminal(columns: 20, rows: 6)
        t.feed("\(CSI)1;1H中文\(CSI)1;1;1;4;1;2;18$v\(CSI)6;1H")
        t.resize(columns: 10, rows: 6)
        let frame = t.frame()
        let row = (0..<frame.rows).first { frame[$0, 7].content == 0x4E2D }
        XCTAssertNotNil(row)
        if let row { XCTAssertEqual([frame[row, 9].content, UInt32(frame[row, 9].width)], [0x6587, 2]) }
    }
}
