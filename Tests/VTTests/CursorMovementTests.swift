import XCTest
@testable import VT

final class CursorMovementTests: XCTestCase {
    func testRelativeMovesDefaultToOneAndClampAtTheEdges() {
        let t = Terminal(columns: 10, rows: 5)
        t.feed("\(CSI)3;3H\(CSI)A")
        assertCursor(t, 1, 2)
        t.feed("\(CSI)B\(CSI)2C")
        assertCursor(t, 2, 4)
        t.feed("\(CSI)0D")
        assertCursor(t, 2, 3)
        t.feed("\(CSI)99A\(CSI)99D")
        assertCursor(t, 0, 0)
        t.feed("\(CSI)99B\(CSI)99C")
        assertCursor(t, 4, 9)
    }

    /// CUP's every parameter shape, fed whole and split at every byte: the parser hands the
    /// usual ones (at most two plain values) to `cursorPosition` and the rest to `csiDispatch`,
    /// and both must agree with the "0 or missing is 1" rule.
    func testCursorPositionInEveryParameterShape() {
        let cases: [(String, Int, Int)] = [
            ("H", 0, 0), ("5H", 4, 0), ("5;7H", 4, 6), (";7H", 0, 6), ("5;H", 4, 0), ("0;0H", 0, 0),
            ("5;7;9H", 4, 6), ("5:1;7H", 4, 0), ("99;99H", 9, 19), ("65535;65535H", 9, 19), ("999999;2H", 9, 1),
        ]
        for (params, row, column) in cases {
            let whole = Terminal(columns: 20, rows: 10)
            whole.feed("\(CSI)3;3H\(CSI)\(params)")
            assertCursor(whole, row, column)
            let split = Terminal(columns: 20, rows: 10)
            for byte in Array("\(CSI)3;3H\(CSI)\(params)".utf8) { split.feed([byte]) }
            XCTAssertEqual(split.frame().cursorRow, row, "CSI \(params) fed a byte at a time")
            XCTAssertEqual(split.frame().cursorColumn, column, "CSI \(params) fed a byte at a time")
        }
    }

    func testCursorUpAndDownStopAtTheScrollRegionMargins() {
        let t = Terminal(columns: 10, rows: 10)
        t.feed("\(CSI)3;6r\(CSI)4;1H\(CSI)9A")
        assertCursor(t, 2, 0)
        t.feed("\(CSI)9B")
        assertCursor(t, 5, 0)
        // Outside the region the screen edges apply.
        t.feed("\(CSI)8;1H\(CSI)9B")
        assertCursor(t, 9, 0)
    }

    func testNextAndPrecedingLineReturnToColumnOne() {
        let t = Terminal(columns: 10, rows: 5)
        t.feed("\(CSI)2;5H\(CSI)2E")
        assertCursor(t, 3, 0)
        t.feed("\(CSI)6G\(CSI)F")
        assertCursor(t, 2, 0)
    }

    func testAbsoluteColumnAndRowMoves() {
        let t = Terminal(columns: 10, rows: 5)
        t.feed("\(CSI)7G")
        assertCursor(t, 0, 6)
        t.feed("\(CSI)3`")
        assertCursor(t, 0, 2)
        t.feed("\(CSI)4d")
        assertCursor(t, 3, 2)
        t.feed("\(CSI)2a\(CSI)e")
        assertCursor(t, 4, 4)
        t.feed("\(CSI)2;3f")
        assertCursor(t, 1, 2)
    }

    func testOriginModeMakesPositionsRelativeToTheRegion() {
        let t = Terminal(columns: 10, rows: 10)
        t.feed("\(CSI)3;6r\(CSI)?6h")
        assertCursor(t, 2, 0)
        t.feed("\(CSI)2;4HX")
        XCTAssertEqual(t.lines[3], "   X")
        t.feed("\(CSI)20;1H")
        assertCursor(t, 5, 0)
        t.feed("\(CSI)?6l")
        assertCursor(t, 0, 0)
    }

    func testRepeatPrintsTheLastCharacterAgain() {
        let t = Terminal(columns: 10, rows: 2)
        t.feed("ab\(CSI)3b")
        XCTAssertEqual(t.lines[0], "abbbb")
        assertCursor(t, 0, 5)
    }

    func testIndexNextLineAndReverseIndex() {
        let t = Terminal(columns: 10, rows: 3)
        t.feed("ab\u{1B}Dc\u{1B}Ed")
        XCTAssertEqual(t.lines, ["ab", "  c", "d"])
        t.feed("\(CSI)H\u{1B}M")
        // RI at the top scrolls down.
        XCTAssertEqual(t.lines, ["", "ab", "  c"])
        assertCursor(t, 0, 0)
    }

    func testSaveAndRestoreCursorIncludesAttributesAndOriginMode() {
        let t = Terminal(columns: 10, rows: 5)
        t.feed("\(CSI)2;3H\(CSI)1m\u{1B}7\(CSI)0m\(CSI)5;5H\u{1B}8X")
        assertCursor(t, 1, 3)
        XCTAssertTrue(t.cell(1, 2).attributes.flags.contains(.bold))
        t.feed("\(CSI)4;4H\(CSI)s\(CSI)H\(CSI)u")
        assertCursor(t, 3, 3)
    }

    func testTabStopsDefaultEveryEightColumns() {
        let t = Terminal(columns: 30, rows: 2)
        t.feed("\tA\tB")
        XCTAssertEqual(t.cell(0, 8).content, 0x41)
        XCTAssertEqual(t.cell(0, 16).content, 0x42)
        t.feed("\t\t\t\t")
        assertCursor(t, 0, 29)
    }

    func testSetClearAndBackwardTabs() {
        let t = Terminal(columns: 30, rows: 2)
        t.feed("\(CSI)4G\u{1B}H\(CSI)H\tX")
        XCTAssertEqual(t.cell(0, 3).content, 0x58)
        t.feed("\(CSI)3g\(CSI)H\t")
        assertCursor(t, 0, 29)
        t.feed("\(CSI)1;20H\u{1B}H\(CSI)1;10H\u{1B}H\(CSI)1;25H\(CSI)Z")
        assertCursor(t, 0, 19)
        t.feed("\(CSI)2Z")
        assertCursor(t, 0, 0)
        t.feed("\(CSI)2I")
        assertCursor(t, 0, 19)
        t.feed("\(CSI)1;20H\(CSI)0g\(CSI)1;1H\(CSI)2I")
        assertCursor(t, 0, 29)
    }

    func testBackspaceAfterPendingWrapStepsBackFromTheLastColumn() {
        let t = Terminal(columns: 5, rows: 2)
        t.feed("abcde\u{08}X")
        XCTAssertEqual(t.lines, ["abcXe", ""], "xterm 379 (XtermCorpus/revwrap-7)")
        t.feed("\r\u{08}")
        assertCursor(t, 0, 0)
    }

    func testLineFeedModeAlsoReturnsTheCarriage() {
        let t = Terminal(columns: 5, rows: 3)
        t.feed("\(CSI)20hab\ncd")
        XCTAssertEqual(t.lines, ["ab", "cd", ""])
    }
}

/// Reverse wraparound (?45 / ?1045), checked against xterm 379 under Xvfb.
final class ReverseWrapTests: XCTestCase {
    func testBackspaceAtTheLeftEdgeGoesToTheEndOfTheRowAbove() {
        let t = Terminal(columns: 10, rows: 4)
        t.feed("\(CSI)?45h\(CSI)2;1Hab\r\u{8}\u{8}X")
        XCTAssertEqual(t.lines[0], "        X")
        assertCursor(t, 0, 9)
    }

    func testCursorBackwardWrapsAcrossRowsAndFromTopToBottom() {
        let t = Terminal(columns: 10, rows: 4)
        t.feed("\(CSI)?45;1045h0123456789abc\r\(CSI)25DX")
        XCTAssertEqual(t.lines[2], "     X")
        t.feed("\(CSI)1;1H\u{8}Y")
        XCTAssertEqual(t.lines[3], "         Y")
    }

    func testNoReverseWrapWithoutAutowrapOrOutsideTheMode() {
        let t = Terminal(columns: 10, rows: 4)
        t.feed("\(CSI)?45h\(CSI)?7l\(CSI)3;1H\u{8}X")
        assertCursor(t, 2, 1)
        t.feed("\(CSI)?7h\(CSI)?45l\(CSI)3;1H\(CSI)5D")
        assertCursor(t, 2, 0)
    }

    func testReverseWrapStaysInsideTheLeftAndRightMargins() {
        let t = Terminal(columns: 10, rows: 4)
        t.feed("\(CSI)?45h\(CSI)?69h\(CSI)3;8s0123456789abc\r\u{8}X")
        XCTAssertEqual(t.lines[0], "0123456X")
    }
}
