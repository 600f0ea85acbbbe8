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
