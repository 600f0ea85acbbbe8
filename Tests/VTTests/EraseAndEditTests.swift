import XCTest
@testable import VT

final class EraseAndEditTests: XCTestCase {
    private func filled(_ columns: Int = 5, _ rows: Int = 3) -> Terminal {
        let t = Terminal(columns: columns, rows: rows)
        t.feed("abcde\r\nfghij\r\nklmno")
        return t
    }

    func testEraseInDisplayBelowAboveAndAll() {
        var t = filled()
        t.feed("\(CSI)2;3H\(CSI)J")
        XCTAssertEqual(t.lines, ["abcde", "fg", ""])
        t = filled()
        t.feed("\(CSI)2;3H\(CSI)1J")
        XCTAssertEqual(t.lines, ["", "   ij", "klmno"])
        t = filled()
        t.feed("\(CSI)2;3H\(CSI)2J")
        XCTAssertEqual(t.lines, ["", "", ""])
        assertCursor(t, 1, 2)
    }

    func testEraseInLine() {
        var t = filled()
        t.feed("\(CSI)2;3H\(CSI)K")
        XCTAssertEqual(t.lines[1], "fg")
        t = filled()
        t.feed("\(CSI)2;3H\(CSI)1K")
        XCTAssertEqual(t.lines[1], "   ij")
        t = filled()
        t.feed("\(CSI)2;3H\(CSI)2K")
        XCTAssertEqual(t.lines[1], "")
    }

    func testErasedCellsTakeTheCurrentBackgroundOnly() {
        let t = filled()
        t.feed("\(CSI)1;44m\(CSI)1;1H\(CSI)2X")
        let cell = t.cell(0, 0)
        XCTAssertEqual(cell.content, 0x20, "ECH leaves written blanks, as xterm (its DECRQCRA counts them)")
        XCTAssertEqual(cell.attributes.background, .indexed(4))
        XCTAssertFalse(cell.attributes.flags.contains(.bold))
        XCTAssertEqual(t.lines[0], "  cde")
        assertCursor(t, 0, 0)
    }

    func testDeleteCharactersShiftsTheRestLeft() {
        let t = filled()
        t.feed("\(CSI)1;2H\(CSI)2P")
        XCTAssertEqual(t.lines[0], "ade")
    }

    func testInsertCharactersShiftsTheRestRight() {
        let t = filled()
        t.feed("\(CSI)1;2H\(CSI)2@")
        XCTAssertEqual(t.lines[0], "a  bc")
        assertCursor(t, 0, 1)
    }

    func testInsertModeShiftsWhileTyping() {
        let t = filled()
        t.feed("\(CSI)4h\(CSI)1;2HXY\(CSI)4l")
        XCTAssertEqual(t.lines[0], "aXYbc")
        t.feed("Z")
        XCTAssertEqual(t.lines[0], "aXYZc")
    }

    func testInsertAndDeleteLinesInsideTheRegion() {
        var t = filled()
        t.feed("\(CSI)2;1H\(CSI)L")
        XCTAssertEqual(t.lines, ["abcde", "", "fghij"])
        t = filled()
        t.feed("\(CSI)1;1H\(CSI)2M")
        XCTAssertEqual(t.lines, ["klmno", "", ""])
        t = filled(5, 4)
        t.feed("\r\nlast\(CSI)1;3r\(CSI)1;1H\(CSI)L")
        XCTAssertEqual(t.lines, ["", "abcde", "fghij", "last"])
    }

    func testScrollUpAndDown() {
        var t = filled()
        t.feed("\(CSI)S")
        XCTAssertEqual(t.lines, ["fghij", "klmno", ""])
        t = filled()
        t.feed("\(CSI)2T")
        XCTAssertEqual(t.lines, ["", "", "abcde"])
    }

    func testScreenAlignmentFillsWithE() {
        let t = filled()
        t.feed("\(CSI)2;3r\(CSI)3;3H\u{1B}#8")
        XCTAssertEqual(t.lines, ["EEEEE", "EEEEE", "EEEEE"])
        assertCursor(t, 0, 0)
        // DECALN resets the margins: a line feed at the bottom scrolls the whole screen.
        t.feed("\(CSI)3;1H\nx")
        XCTAssertEqual(t.lines, ["EEEEE", "EEEEE", "x"])
    }

    func testEraseDisplayThreeClearsTheScrollback() {
        let t = Terminal(columns: 5, rows: 2)
        t.feed("1\r\n2\r\n3\r\n4")
        XCTAssertEqual(t.scrollback.count, 2)
        t.feed("\(CSI)3J")
        XCTAssertEqual(t.scrollback.count, 0)
        XCTAssertEqual(t.lines, ["3", "4"])
    }
}

/// Edits with left/right margins, as xterm 379 does them (checked under Xvfb).
final class MarginEditTests: XCTestCase {
    func testICHAndDCHDoNothingOutsideTheLeftAndRightMargins() {
        let t = Terminal(columns: 10, rows: 2)
        t.feed("ABCDEFGHIJ\(CSI)?69h\(CSI)2;5s\(CSI)1;8H\(CSI)@\(CSI)1;1H\(CSI)@\(CSI)1;8H\(CSI)P")
        XCTAssertEqual(t.lines[0], "ABCDEFGHIJ")
        t.feed("\(CSI)1;3H\(CSI)4@")
        XCTAssertEqual(t.lines[0], "AB   FGHIJ", "inside, the shift stops at the right margin")
    }

    /// xterm 379 keeps the foreground colour on erased cells (EL, ED, DCH, scrolling), and its
    /// DECRQCRA counts such a cell as a space (EL with SGR 31 over 10 cells sums 0x140).
    func testErasedCellsKeepTheForegroundColour() {
        let t = Terminal(columns: 10, rows: 4)
        t.feed("\(CSI)31m\(CSI)2;1H\(CSI)K")
        XCTAssertEqual(t.cell(1, 5).attributes.foreground, .indexed(1))
        t.feed("\(CSI)1;1;2;1;2;10*y")
        XCTAssertEqual(String(decoding: t.takeReplies(), as: UTF8.self), "\u{1B}P1!~FEC0\u{1B}\\")
        t.feed("\(CSI)4;1H\n")
        XCTAssertEqual(t.cell(3, 5).attributes.foreground, .indexed(1))
    }
}
