import XCTest
@testable import VT

/// Minimal streams that once differed from xterm 379 in the xterm differential corpus, each
/// with xterm's own answer (screen rows as its media copy prints them, and the cursor) as the
/// expected value; the corpus streams they were reduced from are named per test.
final class XtermParityTests: XCTestCase {
    // MARK: tabs (mix-48, mix-53, mix-99, scosc-4, columns-5)

    /// A tab keeps a pending wrap (as DEC's terminals do): `abc` ends in the last column, and
    /// after HT, CHT or CBT the next character still goes to the next line.
    func testTabsKeepAPendingWrap() {
        for tab in ["\t", "\(CSI)I"] {
            let s = XtermParityReadBack.screen("\(CSI)8;38Habc\(tab)X")
            XCTAssertEqual(s.rows[7], String(repeating: " ", count: 37) + "abc", tab.debugDescription)
            XCTAssertEqual(s.rows[8], "X", tab.debugDescription)
            XCTAssertEqual(s.cursor, "9;2", tab.debugDescription)
        }
        let back = XtermParityReadBack.screen("\(CSI)?69h\(CSI)10;22s\(CSI)8;20Habc\(CSI)ZX")
        XCTAssertEqual(back.rows[7], String(repeating: " ", count: 19) + "abc")
        XCTAssertEqual(back.rows[8], String(repeating: " ", count: 9) + "X")
        XCTAssertEqual(back.cursor, "9;11")
    }

    /// With DECLRMM on, HT from beyond the right margin stops at the margin, moving back.
    func testTabFromBeyondTheRightMarginStopsAtTheMargin() {
        let s = XtermParityReadBack.screen("\(CSI)?69h\(CSI)10;22s\(CSI)8;24HabcX\(CSI)D\tY")
        XCTAssertEqual(s.rows[7], String(repeating: " ", count: 21) + "Y abcX")
        XCTAssertEqual(s.cursor, "8;22")
    }

    /// CBT from beyond the right margin is not held by the left margin: it goes to column 1.
    func testBackTabFromBeyondTheRightMarginGoesToTheFirstColumn() {
        let s = XtermParityReadBack.screen("\(CSI)?69h\(CSI)10;22s\(CSI)8;30H\(CSI)4ZX")
        XCTAssertEqual(s.rows[7], "X")
        XCTAssertEqual(s.cursor, "8;2")
    }

    /// Without origin mode CBT passes the left margin from inside the margins; with it, it
    /// stops there (xterm 379's answers to these streams, found by a cold review).
    func testBackTabStopsAtTheLeftMarginOnlyInOriginMode() {
        let plain = XtermParityReadBack.screen("\(CSI)?69h\(CSI)10;22s\(CSI)8;20H\(CSI)2ZX")
        XCTAssertEqual(plain.rows[7], "        X")
        XCTAssertEqual(plain.cursor, "8;10")
        let twice = XtermParityReadBack.screen("\(CSI)?69h\(CSI)10;22s\(CSI)8;12H\(CSI)Z\(CSI)ZX")
        XCTAssertEqual(twice.rows[7], "X")
        XCTAssertEqual(twice.cursor, "8;2")
        let origin = XtermParityReadBack.screen("\(CSI)?69h\(CSI)10;22s\(CSI)?6h\(CSI)1;11H\(CSI)2ZX")
        XCTAssertEqual(origin.rows[0], "         X")
        XCTAssertEqual(origin.cursor, "1;2")
    }

    // MARK: DECRQCRA with a non-ASCII set in GR (charsets-6, -8, -10, mix-37, -74, -95)

    /// While GR holds a set other than ASCII, characters past Latin-1 count with bit 7 set.
    func testChecksumSetsBitSevenOfCharactersPastLatin1WhileGRHoldsAnotherSet() {
        func checksum(_ stream: String) -> String {
            let t = Terminal(columns: 40, rows: 10)
            t.feed(stream + "\(CSI)1;1;1;1;10;40*y")
            return String(decoding: t.takeReplies(), as: UTF8.self)
        }
        XCTAssertEqual(checksum("中\u{1B}*0"), "\u{1B}P1!~FE54\u{1B}\\")   // G2, in GR by default
        XCTAssertEqual(checksum("Ā\u{1B}.A"), "\u{1B}P1!~FF80\u{1B}\\")
        XCTAssertEqual(checksum("ſ\u{1B}*0\u{1B}n"), "\u{1B}P1!~FF01\u{1B}\\")
        XCTAssertEqual(checksum("é中\u{1B}*0"), "\u{1B}P1!~FD6B\u{1B}\\")
        // LS1R puts G1 (ASCII) in GR: the plain low byte again.
        XCTAssertEqual(checksum("中\u{1B}*0\u{1B}~"), "\u{1B}P1!~FED4\u{1B}\\")
    }

    // MARK: rectangles in origin mode (mix-5, -11, -23, -52, -58, -75, -84, -107)

    /// In origin mode a default (0) top or left corner becomes the margin's position and the
    /// margin is added again: with margins 2–7, `0;0;3;30` covers rows 3–4, not 2–4.
    func testADefaultRectangleCornerInOriginModeCountsTheMarginTwice() {
        let page = (0..<8).map { String(repeating: String(UnicodeScalar(65 + $0)!), count: 30) }.joined()
        let origin = "\(CSI)2;7r\(CSI)?6h"
        let erased = XtermParityReadBack.screen(page + origin + "\(CSI)0;0;3;30$z", columns: 30, rows: 8).rows
        XCTAssertEqual(erased[1], String(repeating: "B", count: 30))
        XCTAssertEqual(erased[2], "")
        XCTAssertEqual(erased[3], "")
        XCTAssertEqual(erased[4], String(repeating: "E", count: 30))
        let filled = XtermParityReadBack.screen(page + origin + "\(CSI)88;0;0;3;30$x", columns: 30, rows: 8).rows
        XCTAssertEqual(filled[1], String(repeating: "B", count: 30))
        XCTAssertEqual(filled[2], String(repeating: "X", count: 30))
        let columns = XtermParityReadBack.screen(page + "\(CSI)?69h\(CSI)5;20s\(CSI)?6h\(CSI)1;0;3;30$z", columns: 30, rows: 8).rows
        XCTAssertEqual(columns[0], "AAAAAAAA            AAAAAAAAAA")
        let t = Terminal(columns: 30, rows: 8)
        t.feed(page + origin + "\(CSI)5;1;0;0;3;30*y")
        XCTAssertEqual(String(decoding: t.takeReplies(), as: UTF8.self), "\u{1B}P5!~F02E\u{1B}\\")
        // A bottom past the region leaves nothing when the doubled top is below it.
        let empty = XtermParityReadBack.screen(page + "\(CSI)4;6r\(CSI)?6h\(CSI)0;0;17;39$z", columns: 30, rows: 8).rows
        XCTAssertEqual(empty[3], String(repeating: "D", count: 30))
    }

    // MARK: a wide character wrapping from the last column (charsets-2, columns-13, mix-73, -97)

    /// A wide character that does not fit in the last column wraps and leaves that cell as it
    /// was: its text, its rendition, even a whole wide character ending there.
    func testAWideCharacterWrappingLeavesTheLastCellAsItWas() {
        let x40 = String(repeating: "x", count: 40)
        let kept = XtermParityReadBack.screen("\(CSI)5;1H\(x40)\(CSI)41m\(CSI)5;40H中")
        XCTAssertEqual(kept.rows[4], x40)
        XCTAssertEqual(kept.rows[5], "中\u{FFFF}")
        let wide = XtermParityReadBack.screen("\(CSI)5;39H字\(CSI)5;40H中")
        XCTAssertEqual(wide.rows[4], String(repeating: " ", count: 38) + "字\u{FFFF}")
        let margin = XtermParityReadBack.screen("\(CSI)5;1H\(x40)\(CSI)?69h\(CSI)5;20s\(CSI)5;20H中")
        XCTAssertEqual(margin.rows[4], x40)
        let t = Terminal(columns: 40, rows: 10)
        t.feed("\(CSI)5;1H\(x40)\(CSI)1;4m\(CSI)5;40H中\(CSI)5;1;5;1;5;40*y")
        XCTAssertEqual(String(decoding: t.takeReplies(), as: UTF8.self), "\u{1B}P5!~ED40\u{1B}\\")
    }

    // MARK: the other half of a cut wide character (charsets-4, mix-10, revwrap-8)

    /// Writing over one half of a wide character leaves the other half a plain written space:
    /// no rendition of the old character and none of the pen (xterm's DECRQCRA counts 0x20).
    func testTheOtherHalfOfACutWideCharacterIsAPlainSpace() {
        func checksums(_ stream: String) -> String {
            let t = Terminal(columns: 40, rows: 10)
            t.feed("\(CSI)2;12H\(CSI)1;4;5;7m中" + stream + "\(CSI)1;1;2;12;2;12*y\(CSI)2;1;2;13;2;13*y\(CSI)3;1;2;11;2;14*y")
            return String(decoding: t.takeReplies(), as: UTF8.self)
        }
        XCTAssertEqual(checksums("\(CSI)0;1m\(CSI)2;12Hb"),
                       "\u{1B}P1!~FF1E\u{1B}\\\u{1B}P2!~FFE0\u{1B}\\\u{1B}P3!~FEDE\u{1B}\\")
        XCTAssertEqual(checksums("\(CSI)0;1m\(CSI)2;13Hb"),
                       "\u{1B}P1!~FFE0\u{1B}\\\u{1B}P2!~FF1E\u{1B}\\\u{1B}P3!~FEDE\u{1B}\\")
    }

    // MARK: EL 1 / ED 1 from the last column (mix-59)

    /// Erasing to the cursor from the last column clears the whole line, which xterm then
    /// counts as never written (DECRQCRA of the row: only the first cell, as a space).
    func testEraseToTheCursorFromTheLastColumnLeavesNeverWrittenCells() {
        for erase in ["1J", "1K"] {
            let t = Terminal(columns: 30, rows: 8)
            t.feed("\(CSI)6;30H\(CSI)\(erase)\(CSI)1;1;6;1;6;30*y\(CSI)6;29H\(CSI)\(erase)\(CSI)2;1;6;1;6;30*y")
            XCTAssertEqual(String(decoding: t.takeReplies(), as: UTF8.self),
                           "\u{1B}P1!~FFE0\u{1B}\\\u{1B}P2!~FC60\u{1B}\\", erase)
        }
    }

    /// The same for a hidden wide character written one column left of a wide one: the cut
    /// wide character's cells become plain spaces (xterm sums 26–29 as 0x197: the hidden
    /// space, two plain spaces, and the bold, underlined, inverse left half of 文).
    func testAHiddenWideCharacterCuttingAWideOneLeavesPlainSpaces() {
        let t = Terminal(columns: 40, rows: 10)
        t.feed("\(CSI)9;27H\(CSI)1;4;7m中文字\(CSI)9;26H\(CSI)0;8m中\(CSI)1;1;9;26;9;29*y")
        XCTAssertEqual(String(decoding: t.takeReplies(), as: UTF8.self), "\u{1B}P1!~FE69\u{1B}\\")
    }

    /// A combining mark after a hidden wide character joins the one space xterm 379 stores
    /// for it, across a sequence and a run (XtermCorpus/hidden-wide-mark).
    func testAMarkAfterAHiddenWideCharacterJoinsItsSpace() {
        XCTAssertEqual(XtermParityReadBack.screen("\(CSI)8m中\u{301}").rows[0], " \u{301}")
        XCTAssertEqual(XtermParityReadBack.screen("\(CSI)8m中\(CSI)m\u{301}").rows[0], " \u{301}")
        XCTAssertEqual(XtermParityReadBack.screen("\(CSI)22;4;8m中中\u{301}").rows[0], "  \u{301}")
    }
}
