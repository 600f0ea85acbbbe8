import XCTest
@testable import VT

/// DECCRA, DECFRA, DECERA, DECSERA, DECCARA/DECRARA with DECSACE, DECSCA with DECSED/DECSEL,
/// and the column edits DECIC, DECDC, DECBI, DECFI. The xterm corpus (XtermCorpus/rect-*,
/// selective-*, columns-*) compares them with real xterm; these pin single behaviours.
final class RectangleTests: XCTestCase {
    func grid(_ t: Terminal) {
        t.feed("\(CSI)H" + (1...4).map { "\(CSI)\($0);1H" + String(repeating: Character(UnicodeScalar(UInt8(64 + $0))), count: 8) }.joined())
    }

    func testCopyRectangleCopiesTextAndRendition() {
        let t = Terminal(columns: 10, rows: 4)
        grid(t)
        t.feed("\(CSI)1;1H\(CSI)1mX\(CSI)0m")
        t.feed("\(CSI)1;1;2;2;1;3;5;1$v")                      // rows 1-2, cols 1-2 to row 3, col 5
        XCTAssertEqual(t.lines[2], "CCCCXACC")
        XCTAssertEqual(t.lines[3], "DDDDBBDD")
        XCTAssertTrue(t.cell(2, 4).attributes.flags.contains(.bold))
    }

    func testCopyRectangleOverlappingItself() {
        let t = Terminal(columns: 10, rows: 1)
        t.feed("ABCDEF\(CSI)1;1;1;4;1;1;3;1$v")
        XCTAssertEqual(t.lines[0], "ABABCD")
    }

    func testFillRectangleUsesThePenAndIgnoresControls() {
        let t = Terminal(columns: 10, rows: 4)
        grid(t)
        t.feed("\(CSI)4m\(CSI)42;2;2;3;4$x\(CSI)0m")
        XCTAssertEqual(t.lines[1], "B***BBBB")
        XCTAssertEqual(t.lines[2], "C***CCCC")
        XCTAssertEqual(t.cell(1, 2).attributes.underline, .single)
        t.feed("\(CSI)10;1;1;4;8$x\(CSI)127;1;1;4;8$x")
        XCTAssertEqual(t.lines[0], "AAAAAAAA")
    }

    func testEraseRectangleAndOriginMode() {
        let t = Terminal(columns: 10, rows: 4)
        grid(t)
        t.feed("\(CSI)2;3r\(CSI)?6h\(CSI)1;2;1;3$z")              // origin: row 1 is screen row 2
        XCTAssertEqual(t.lines, ["AAAAAAAA", "B  BBBBB", "CCCCCCCC", "DDDDDDDD"])
    }

    func testSelectiveEraseLeavesProtectedCellsAndKeepsRendition() {
        let t = Terminal(columns: 10, rows: 2)
        t.feed("\(CSI)1mab\(CSI)1\"qPQ\(CSI)0\"qcd\(CSI)1;1;1;10${")
        XCTAssertEqual(t.lines[0], "  PQ")
        XCTAssertTrue(t.cell(0, 0).attributes.flags.contains(.bold), "DECSERA keeps the rendition")
        t.feed("\(CSI)2;1Hxy\(CSI)1\"qZ\(CSI)2\"qw\(CSI)?2J")
        XCTAssertEqual(t.lines, ["  PQ", "  Z"])
        t.feed("\(CSI)1;1H\(CSI)?2K\(CSI)2;1H\(CSI)2K")              // DECSEL keeps PQ; EL erases Z
        XCTAssertEqual(t.lines, ["  PQ", ""])
    }

    func testProtectionSurvivesSGRResetButNotDECSCAZero() {
        let t = Terminal(columns: 10, rows: 1)
        t.feed("\(CSI)1\"q\(CSI)0mA\(CSI)0\"qB\(CSI)1;1H\(CSI)?K")
        XCTAssertEqual(t.lines[0], "A")
        t.feed("\(CSI)1;1H\(CSI)K")
        XCTAssertEqual(t.lines[0], "")
    }

    func testChangeAttributesStreamAndRectangle() {
        let t = Terminal(columns: 6, rows: 3)
        grid(t)
        t.feed("\(CSI)1;5;2;6;1;7$r")                             // stream: row 1 from col 5, row 2 whole
        XCTAssertFalse(t.cell(0, 3).attributes.flags.contains(.bold))
        XCTAssertTrue(t.cell(0, 5).attributes.flags.contains(.inverse))
        XCTAssertTrue(t.cell(1, 0).attributes.flags.contains(.bold))
        XCTAssertFalse(t.cell(2, 0).attributes.flags.contains(.bold))
        t.feed("\(CSI)2*x\(CSI)2;3;3;4;4$r")                       // rectangle
        XCTAssertEqual(t.cell(1, 2).attributes.underline, .single)
        XCTAssertEqual(t.cell(2, 3).attributes.underline, .single)
        XCTAssertEqual(t.cell(2, 4).attributes.underline, .none)
        t.feed("\(CSI)2;3;3;4;4;7$t")                              // DECRARA toggles
        XCTAssertEqual(t.cell(2, 3).attributes.underline, .none)
        XCTAssertTrue(t.cell(2, 3).attributes.flags.contains(.inverse))
    }

    func testInsertAndDeleteColumnsInsideMargins() {
        let t = Terminal(columns: 8, rows: 4)
        grid(t)
        t.feed("\(CSI)?69h\(CSI)2;6s\(CSI)1;3r\(CSI)1;3H\(CSI)2'}")
        XCTAssertEqual(t.lines, ["AA  AAAA", "BB  BBBB", "CC  CCCC", "DDDDDDDD"])
        t.feed("\(CSI)1;2H\(CSI)3'~")
        XCTAssertEqual(t.lines, ["AAA   AA", "BBB   BB", "CCC   CC", "DDDDDDDD"])
        t.feed("\(CSI)4;3H\(CSI)'}")                               // outside the region: nothing
        XCTAssertEqual(t.lines[3], "DDDDDDDD")
    }

    func testBackAndForwardIndexScrollColumnsAtTheMargins() {
        let t = Terminal(columns: 6, rows: 2)
        t.feed("ABCDEF\r\nabcdef\(CSI)?69h\(CSI)2;5s\(CSI)1;2H\u{1B}6")
        XCTAssertEqual(t.lines, ["A BCDF", "a bcdf"])
        t.feed("\(CSI)1;5H\u{1B}9")
        XCTAssertEqual(t.lines, ["ABCD F", "abcd f"])
        t.feed("\(CSI)1;3H\u{1B}9")
        assertCursor(t, 0, 3)
    }

    /// xterm 379 (XtermCorpus/rect-origin-*): in origin mode a default destination row or column
    /// lands at twice the margin; an explicit one is relative to the margin as usual.
    func testDECCRADefaultDestinationInOriginModeAddsTheMarginTwice() {
        let t = Terminal(columns: 40, rows: 8)
        t.feed("\u{1B}[?69h\u{1B}[5;30s\u{1B}[2;6r\u{1B}[?6h\u{1B}[1;1HABCDEF\u{1B}[1;1;1;3;1;;$v\u{1B}[?6l")
        XCTAssertEqual(t.lines[1], "    ABCDEF")
        XCTAssertEqual(t.lines[2], "        ABC")
        t.feed("\u{1B}[?6h\u{1B}[1;1;1;2;1;4;2$v\u{1B}[?6l")
        XCTAssertEqual(t.lines[4], "     AB")
    }

    /// xterm 379 fills with the character as given: the DEC graphics set in GL does not turn
    /// DECFRA's `~` into `·` (XtermCorpus/mix-42).
    func testFillCharacterIsNotTranslatedThroughTheCharset() {
        let t = Terminal(columns: 10, rows: 2)
        t.feed("\u{1B}(0\u{1B}[126;1;1;1;3$x\u{1B}[1;4Hq")
        XCTAssertEqual(t.lines[0], "~~~─")
    }

    /// xterm 379 gives DECERA's blanks the pen's rendition (its DECRQCRA counts an underlined
    /// blank as 0x30), replacing the erased cells' own; DECSCA protection is not given.
    func testEraseRectangleBlanksTakeThePenRendition() {
        let t = Terminal(columns: 10, rows: 2)
        t.feed("\(CSI)7mABCD\(CSI)0m\(CSI)1\"q\(CSI)1;4m\(CSI)1;2;1;3$z\(CSI)0m\(CSI)0\"q")
        XCTAssertEqual(t.lines[0], "A  D")
        XCTAssertEqual(t.cell(0, 1).attributes.underline, .single)
        XCTAssertEqual(t.cell(0, 1).attributes.flags.intersection([.bold, .inverse, .protected]), [.bold])
        t.feed("\(CSI)1;1;1;2;1;2*y")
        XCTAssertEqual(String(decoding: t.takeReplies(), as: UTF8.self), "\u{1B}P1!~FF50\u{1B}\\")   // 0x20 + 0x10 + 0x80
    }
}
