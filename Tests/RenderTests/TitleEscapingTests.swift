import XCTest
@testable import Render

/// The title a host sets reaches the local window's title bar: bidi controls are dropped
/// with the C0/C1 controls, so a title cannot read differently from what it is.
final class TitleEscapingTests: XCTestCase {
    func testTitleLosesBidiControls() {
        XCTAssertEqual(TextSanitizer.title("ok\u{202E}txt.exe\u{2066}\u{2069}\u{9B}2J"), "oktxt.exe2J")
    }

    func testCellTextKeepsItsOwnRule() {
        XCTAssertEqual(TextSanitizer.printable("\u{9B}"), "\u{FFFD}")
        XCTAssertEqual(TextSanitizer.printable("é"), "é")
    }
}
