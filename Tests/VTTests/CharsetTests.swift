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
