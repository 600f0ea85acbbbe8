import XCTest
@testable import VT

final class CharsetTests: XCTestCase {
    func testDECSpecialGraphicsDrawsLines() {
        let t = Terminal(columns: 10, rows: 1)
        t.feed("\u{1B}(0lqkx\u{1B}(Bq")
        XCTAssertEqual(t.lines[0], "┌─┐│q")
    }

    func testShiftOutSelectsG1AndShiftInG0() {
        let t = Terminal(columns: 10, rows: 1)
        t.feed("\u{1B})0a\u{0E}a\u{0F}a")
        XCTAssertEqual(t.lines[0], "a▒a")
    }

    func testBritishCharsetReplacesHash() {
        let t = Terminal(columns: 10, rows: 1)
        t.feed("\u{1B}(A#\u{1B}(B#")
        XCTAssertEqual(t.lines[0], "£#")
    }

    func testCharsetsAreSavedWithTheCursor() {
        let t = Terminal(columns: 10, rows: 1)
        t.feed("\u{1B}(0\u{1B}7\u{1B}(B\u{1B}8q")
        XCTAssertEqual(t.lines[0], "─")
    }

    func testSoftResetReturnsToASCII() {
        let t = Terminal(columns: 10, rows: 1)
        t.feed("\u{1B}(0\(CSI)!pq")
        XCTAssertEqual(t.lines[0], "q")
    }
}

/// G2/G3 designation, single shifts (SS2/SS3) and locking shifts (LS2/LS3).
final class ShiftedCharsetTests: XCTestCase {
    func testSingleShiftUsesG2OrG3ForOneCharacter() {
        let t = Terminal(columns: 20, rows: 2)
        t.feed("\u{1B}*0\u{1B}+0\u{1B}Nqq\u{1B}Oxx")
        XCTAssertEqual(t.lines[0], "─q│x")
    }

    func testLockingShiftsAndSIReturnToG0() {
        let t = Terminal(columns: 20, rows: 2)
        t.feed("\u{1B}*0\u{1B}nlqk\u{1B}oq\u{0F}q")
        XCTAssertEqual(t.lines[0], "┌─┐qq")
    }

    func testDECSCSavesAndSoftResetClearsTheShifts() {
        let t = Terminal(columns: 20, rows: 2)
        t.feed("\u{1B}*0\u{1B}n\u{1B}7\u{0F}q")
        XCTAssertEqual(t.lines[0], "q")
        t.feed("\u{1B}8q")                                          // back at column 1, G2 in GL again
        XCTAssertEqual(t.lines[0], "─")
        t.feed("\(CSI)!p\u{1B}Nq")
        XCTAssertEqual(t.lines[0], "─q")
    }
}

/// National replacement sets (DECNRCM), as xterm 379 draws them (XtermCorpus/charsets-nrcs-*).
final class NationalCharsetTests: XCTestCase {
    func testNationalSetsApplyOnlyWithDECNRCM() {
        let t = Terminal(columns: 20, rows: 3)
        t.feed("\(CSI)?42h\u{1B}(K@[\\]{|}~\u{1B}(B\r\n")
        XCTAssertEqual(t.lines[0], "§ÄÖÜäöüß")
        t.feed("\(CSI)?42l\u{1B}(K@[\u{1B}(B")
        XCTAssertEqual(t.lines[1], "@[", "without DECNRCM the national designator selects ASCII")
        XCTAssertEqual(t.query("\(CSI)?42$p"), "\(CSI)?42;2$y")
    }

    func testPortugueseUsesATwoByteDesignatorAndUKDependsOnDECNRCM() {
        let t = Terminal(columns: 20, rows: 3)
        t.feed("\(CSI)?42h\u{1B}(%6[\\]\u{1B}(A#[\u{1B}(B\r\n\(CSI)?42l\u{1B}(A#[\u{1B}(B")
        XCTAssertEqual(t.lines[0], "ÃÇÕ£[")
        XCTAssertEqual(t.lines[1], "£Û", "xterm shows the Latin-1 upper half for ESC ( A without DECNRCM")
    }
}

final class Latin1SupplementTests: XCTestCase {
    func testNinetySixCharacterLatin1InG3ShowsTheUpperHalf() {
        let t = Terminal(columns: 20, rows: 1)
        t.feed("\u{1B}/A\u{1B}olqk#\u{0F}l")
        XCTAssertEqual(t.lines[0], "ìñë£l")
    }
}
