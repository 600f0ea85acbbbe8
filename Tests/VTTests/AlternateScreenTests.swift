import XCTest
@testable import VT

final class AlternateScreenTests: XCTestCase {
    func test1049SavesTheCursorClearsAndRestores() {
        let t = Terminal(columns: 10, rows: 3)
        t.feed("main\(CSI)2;3H")
        t.feed("\(CSI)?1049h")
        XCTAssertTrue(t.modes.alternateScreen)
        XCTAssertTrue(t.frame().alternateScreen)
        XCTAssertEqual(t.lines, ["", "", ""])
        t.feed("\(CSI)HALT")
        t.feed("\(CSI)?1049l")
        XCTAssertFalse(t.modes.alternateScreen)
        XCTAssertEqual(t.lines, ["main", "", ""])
        assertCursor(t, 1, 2)
        // Entering again starts from a clear alternate screen.
        t.feed("\(CSI)?1049h")
        XCTAssertEqual(t.lines, ["", "", ""])
    }

    func test47SwitchesWithoutClearing() {
        let t = Terminal(columns: 10, rows: 2)
        t.feed("\(CSI)?47hALT\(CSI)?47lmain\(CSI)?47h")
        XCTAssertEqual(t.lines[0], "ALT")
    }

    func test1047ClearsTheAlternateScreenWhenLeaving() {
        let t = Terminal(columns: 10, rows: 2)
        t.feed("\(CSI)?1047hALT\(CSI)?1047l\(CSI)?47h")
        XCTAssertEqual(t.lines[0], "")
    }

    func testAlternateScreenDoesNotFeedTheScrollback() {
        let t = Terminal(columns: 5, rows: 2)
        t.feed("\(CSI)?1049h1\r\n2\r\n3\r\n4")
        XCTAssertEqual(t.scrollback.count, 0)
        XCTAssertEqual(t.lines, ["3", "4"])
    }

    func testRowVersionsChangeWhenSwitchingScreens() {
        let t = Terminal(columns: 5, rows: 2)
        let before = t.frame().rowVersions
        t.feed("\(CSI)?1049h")
        let after = t.frame().rowVersions
        XCTAssertNotEqual(before[0], after[0])
        XCTAssertNotEqual(before[1], after[1])
    }
}
