import XCTest
@testable import VT

final class BasicPrintingTests: XCTestCase {
    func testPrintsASCIIAndMovesCursor() {
        let t = Terminal(columns: 10, rows: 3)
        t.feed("hello")
        XCTAssertEqual(t.lines, ["hello", "", ""])
        assertCursor(t, 0, 5)
    }

    func testCarriageReturnAndLineFeed() {
        let t = Terminal(columns: 10, rows: 3)
        t.feed("ab\r\ncd")
        XCTAssertEqual(t.lines, ["ab", "cd", ""])
        assertCursor(t, 1, 2)
    }

    func testLineFeedWithoutCarriageReturnKeepsColumn() {
        let t = Terminal(columns: 10, rows: 3)
        t.feed("ab\ncd")
        XCTAssertEqual(t.lines, ["ab", "  cd", ""])
    }

    func testCursorPositionIsOneBasedAndClamped() {
        let t = Terminal(columns: 10, rows: 5)
        t.feed("\(CSI)3;4HX")
        XCTAssertEqual(t.lines[2], "   X")
        t.feed("\(CSI)99;99H")
        assertCursor(t, 4, 9)
        t.feed("\(CSI)H")
        assertCursor(t, 0, 0)
    }

    func testAutowrapSetsPendingWrapAtTheLastColumn() {
        let t = Terminal(columns: 5, rows: 3)
        t.feed("abcde")
        assertCursor(t, 0, 4)
        t.feed("f")
        XCTAssertEqual(t.lines, ["abcde", "f", ""])
        assertCursor(t, 1, 1)
    }

    func testPendingWrapIsClearedByCarriageReturn() {
        let t = Terminal(columns: 5, rows: 3)
        t.feed("abcde\rX")
        XCTAssertEqual(t.lines, ["Xbcde", "", ""])
    }

    func testWithoutAutowrapTheLastColumnIsOverwritten() {
        let t = Terminal(columns: 5, rows: 2)
        t.feed("\(CSI)?7labcdefg")
        XCTAssertEqual(t.lines, ["abcdg", ""])
        assertCursor(t, 0, 4)
    }

    func testScrollingAtTheBottomMovesLinesUp() {
        let t = Terminal(columns: 5, rows: 3)
        t.feed("1\r\n2\r\n3\r\n4")
        XCTAssertEqual(t.lines, ["2", "3", "4"])
        XCTAssertEqual(t.scrollback.count, 1)
        XCTAssertEqual(t.scrollback.text(at: 0), "1")
    }

    func testFrameRowVersionsChangeOnlyForChangedRows() {
        let t = Terminal(columns: 5, rows: 3)
        t.feed("a")
        let before = t.frame()
        t.feed("\(CSI)3;1Hz")
        let after = t.frame()
        XCTAssertEqual(before.rowVersions[0], after.rowVersions[0])
        XCTAssertEqual(before.rowVersions[1], after.rowVersions[1])
        XCTAssertNotEqual(before.rowVersions[2], after.rowVersions[2])
    }
}

final class FrameUpdateTests: XCTestCase {
    func testUpdatingAFrameEqualsTakingANewOne() {
        let t = Terminal(columns: 8, rows: 4)
        t.feed("one\r\ntwo\r\n\(CSI)1mthree")
        var previous = t.frame()
        for step in ["\(CSI)2;1Hxx", "\(CSI)?1049hALT", "\r\n\r\n\r\n\r\nscroll", "\(CSI)?1049l", "e\u{0301}中"] {
            t.feed(step)
            let updated = t.frame(updating: previous)
            XCTAssertEqual(updated, t.frame(), "after \(step.debugDescription)")
            previous = updated
        }
        t.resize(columns: 5, rows: 2)
        XCTAssertEqual(t.frame(updating: previous), t.frame())
    }

    func testTwoTerminalsDoNotShareRowVersions() {
        let a = Terminal(columns: 4, rows: 2)
        let b = Terminal(columns: 4, rows: 2)
        XCTAssertNotEqual(a.frame().rowVersions, b.frame().rowVersions)
    }
}
