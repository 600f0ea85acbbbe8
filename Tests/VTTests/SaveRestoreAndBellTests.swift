import XCTest
@testable import VT

final class SaveRestoreAndBellTests: XCTestCase {
    func testEachScreenHasItsOwnSavedCursor() {
        let t = Terminal(columns: 10, rows: 5)
        t.feed("\(CSI)2;2H\u{1B}7\(CSI)?47h\(CSI)4;4H\u{1B}7\(CSI)H\u{1B}8")
        assertCursor(t, 3, 3)
        t.feed("\(CSI)?47l\u{1B}8")
        assertCursor(t, 1, 1)
    }

    func test1048SavesAndRestoresTheCursor() {
        let t = Terminal(columns: 10, rows: 5)
        t.feed("\(CSI)3;5H\(CSI)?1048h\(CSI)H\(CSI)?1048l")
        assertCursor(t, 2, 4)
    }

    func testRestoreWithoutSaveGoesHome() {
        let t = Terminal(columns: 10, rows: 5)
        t.feed("\(CSI)3;5H\(CSI)1m\u{1B}8x")
        assertCursor(t, 0, 1)
        XCTAssertEqual(t.cell(0, 0).attributes, .plain)
    }

    func testBellIsCountedButNotInsideStrings() {
        let t = Terminal(columns: 10, rows: 2)
        t.feed("a\u{07}b\u{07}\u{1B}]2;x\u{07}")
        XCTAssertEqual(t.bellCount, 2)
        XCTAssertEqual(t.lines[0], "ab")
    }

    func testWideCharacterWrappingTouchesTheRowItLeaves() {
        let t = Terminal(columns: 4, rows: 2)
        t.feed("abc")
        let before = t.frame().rowVersions[0]
        t.feed("\(CSI)1;4H中")   // the empty last cell becomes the wrap pad
        let after = t.frame()
        XCTAssertNotEqual(after.rowVersions[0], before)
        XCTAssertEqual(after.rowText(0), "abc")
        XCTAssertEqual(after.rowText(1), "中")
    }
}
