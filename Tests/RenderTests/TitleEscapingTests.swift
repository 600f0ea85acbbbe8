import XCTest
import VT
@testable import Render

/// The title a host sets reaches the local window's title bar: bidi controls are dropped
/// with the C0/C1 controls, so a title cannot read differently from what it is.
final class TitleEscapingTests: XCTestCase {
    func testTitleLosesBidiControls() {
        XCTAssertEqual(TextSanitizer.title("ok\u{202E}txt.exe\u{2066}\u{2069}\u{9B}2J"), "oktxt.exe2J")
    }

    func testCellTextKeepsItsOwnRule() {
        XCTAssertEqual(TextSanitizer.printable("\u{9B}"), "\u{FFFD}")
        XCTAssertEqual(TextSanitizer.printable("\u{2028}"), "\u{FFFD}")
        XCTAssertEqual(TextSanitizer.printable("é"), "é")
    }

    /// A remote program printing U+202E keeps it as a zero-width mark on the previous cell;
    /// the renderer never writes it to the local terminal, and the columns stay as they were.
    func testBidiMarksInRemoteCellsNeverReachTheLocalTerminal() {
        let terminal = Terminal(columns: 10, rows: 2)
        terminal.feed(Array("ab\u{202E}cd\u{2067}e".utf8))
        let frame = terminal.frame()
        let bytes = FrameDiff.render(from: Frame(columns: 10, rows: 2), to: frame,
                                     capabilities: ConsoleCapabilities(synchronizedOutput: false))
        let text = String(decoding: bytes, as: UTF8.self)
        XCTAssertFalse(text.contains("\u{202E}") || text.contains("\u{2067}"), text.debugDescription)
        XCTAssertTrue(text.contains("ab") && text.contains("cd") && text.hasSuffix("e"), text.debugDescription)
    }
}
