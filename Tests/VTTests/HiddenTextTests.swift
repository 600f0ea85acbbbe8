import XCTest
@testable import VT

/// Hidden (SGR 8) text and cut wide characters, stored as xterm 379 stores them: its DECRQCRA
/// and print (XtermCorpus, and the minimal streams these were bisected to) see the cells so.
final class HiddenTextTests: XCTestCase {
    func checksum(_ t: Terminal, _ top: Int, _ left: Int, _ bottom: Int, _ right: Int) -> String {
        _ = t.takeReplies()
        t.feed("\(CSI)1;1;\(top);\(left);\(bottom);\(right)*y")
        let reply = String(decoding: t.takeReplies(), as: UTF8.self)
        return String(reply.dropFirst(5).prefix(4))   // ESC P 1 ! ~ XXXX
    }

    func testHiddenCharactersAreStoredAsSpaces() {
        let t = Terminal(columns: 10, rows: 2)
        t.feed("\(CSI)8mab\(CSI)0m\(CSI)1;1;1;2;2;1$v")   // DECCRA copies what is stored
        XCTAssertEqual(t.frame().text(of: t.frame()[0, 0]), " ")
        XCTAssertEqual(t.frame().text(of: t.frame()[1, 0]), " ")
        XCTAssertTrue(t.cell(0, 0).attributes.flags.contains(.hidden))
    }

    /// xterm writes a hidden wide character into one cell and moves the cursor two: the cell
    /// to its right keeps what it had (`AB`, bold hidden 中 → sum 0xA0 + 0x42).
    func testHiddenWideCharacterFillsOneCellAndMovesTwo() {
        let t = Terminal(columns: 10, rows: 2)
        t.feed("AB\(CSI)1;1H\(CSI)1;8m中")
        assertCursor(t, 0, 2)
        XCTAssertEqual(t.lines[0], " B")
        XCTAssertEqual(checksum(t, 1, 1, 1, 10), "FF1E")
        // A wide character to its right is cut: both halves become written blanks.
        t.feed("\(CSI)2;3H\(CSI)0m文\(CSI)2;2H\(CSI)8m中")
        XCTAssertEqual(checksum(t, 2, 1, 2, 10), "FF80")
    }

    /// A narrow character over half of a wide one leaves the other half a written blank,
    /// which DECRQCRA counts as a space (xterm: 中 then A over its left half sums 0x41 + 0x20).
    func testCutWideCharacterHalfIsAWrittenBlank() {
        let t = Terminal(columns: 10, rows: 1)
        t.feed("中\(CSI)1;1HA")
        XCTAssertEqual(checksum(t, 1, 1, 1, 10), "FF9F")
    }

    /// Column and character edits through a wide character, as xterm 379 leaves the cells
    /// (bisected from XtermCorpus/columns-1): DCH on either half leaves a written blank;
    /// DECIC on the right half erases the character like ICH; DECDC on the right half erases
    /// the left half with its rendition (bold 中 alone: 0xAD + 0x17F).
    func testEditsThroughAWideCharacter() {
        for (edit, sum) in [("\(CSI)1;4H\(CSI)P", "FEB4"), ("\(CSI)1;3H\(CSI)P", "FEB4"),
                            ("\(CSI)1;4H\(CSI)1'}", "FEB4"), ("\(CSI)1m\(CSI)1;4H\(CSI)1'~", "FDD4")] {
            let t = Terminal(columns: 10, rows: 2)
            t.feed("\(CSI)1;1H" + (edit.hasPrefix("\(CSI)1m") ? "\(CSI)1m" : "") + "中文" + edit)
            XCTAssertEqual(checksum(t, 1, 1, 1, 10), sum, edit.debugDescription)
        }
    }
}
