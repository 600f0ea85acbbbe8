import XCTest
@testable import VT

/// Issue 31's screen classes, each a minimal stream with xterm 379's own answer (the oracle's
/// answers are checked in as XtermCorpus/rep-*, reset-bs-*, reset-cub-*): REP after anything
/// but a graphic character, autowrap at the bottom margin outside the left/right margins,
/// and BS/CUB once RIS or DECSTR turned reverse wraparound off.
final class XtermParityRepeatAndWrapTests: XCTestCase {
    // MARK: REP (rep-after-*, rep-variants)

    /// Any control function, escape sequence or string between the character and REP makes
    /// REP do nothing; so does REP right after REP.
    func testRepeatNeedsTheCharacterRightBeforeIt() {
        let between = ["\(CSI)1;5H", "\r\n", "\(CSI)m", "\u{1B}(B", "\(CSI)?7h", "\u{07}", "\u{00}", "\u{7F}",
                       "\u{1B}]2;t\u{1B}\\", "\u{1B}P$qm\u{1B}\\", "\(CSI)99z", "\u{200B}", "\u{200D}"]
        for control in between {
            let s = XtermParityReadBack.screen("a\(control)\(CSI)3b")
            XCTAssertEqual(s.rows.joined(), "a", control.debugDescription)
        }
        XCTAssertEqual(XtermParityReadBack.screen("a\(CSI)3b\(CSI)2b").rows[0], "aaaa")
        XCTAssertEqual(XtermParityReadBack.screen("a\(CSI)3b\(CSI)2b").cursor, "1;5")
    }

    /// Without anything in between REP repeats, and a combining mark keeps the character
    /// (only the base is repeated); a count of 0 is 1.
    func testRepeatAfterTheCharacterAndAfterAMark() {
        XCTAssertEqual(XtermParityReadBack.screen("a\(CSI)3b").rows[0], "aaaa")
        XCTAssertEqual(XtermParityReadBack.screen("a\(CSI)0b").rows[0], "aa")
        XCTAssertEqual(XtermParityReadBack.screen("x\u{20E3}\(CSI)2b").rows[0], "x\u{20E3}xx")
        XCTAssertEqual(XtermParityReadBack.screen("\u{1B}(0q\(CSI)3b").rows[0], "────")
    }

    /// Deliberate differences (ADR 0008), reduced from mix31-15, -22 and -23 with the oracle:
    /// REP of a hidden wide character advances two columns per repeat (xterm 379: two for the
    /// first, then one, `7;74` here), and SS2/SS3 after a wide character print only their own
    /// character (xterm 379 draws the wide character again first: `中￿中￿x`, `中￿q`).
    func testHiddenWideRepeatsAndSingleShiftsAfterAWideCharacter() {
        XCTAssertEqual(XtermParityReadBack.screen("\(CSI)8m\(CSI)7;68H😀\(CSI)3b", columns: 80, rows: 24).cursor, "7;76")
        let ss3 = XtermParityReadBack.screen("\(CSI)3;30Hx中\u{1B}Ox", columns: 30, rows: 8)
        XCTAssertEqual(ss3.rows[3], "中\u{FFFF}x")
        XCTAssertEqual(ss3.cursor, "4;4")
        let ss2 = XtermParityReadBack.screen("\(CSI)8;29Hab中\(CSI)1;1H\u{1B}Nq", columns: 30, rows: 8)
        XCTAssertEqual(ss2.rows[0], "q")
        XCTAssertEqual(ss2.cursor, "1;2")
    }

    // MARK: autowrap outside the left/right margins (wide-edge-0)

    /// A wide character that does not fit in the last column, at the bottom margin and right
    /// of the right margin: nothing scrolls, it goes to the left margin of the same row.
    func testWrapAtTheBottomMarginOutsideTheMarginsDoesNotScroll() {
        let fill = (1...8).map { "\(CSI)\($0);1H" + String(repeating: Character(UnicodeScalar(64 + $0)!), count: 30) }.joined()
        let s = XtermParityReadBack.screen(fill + "\(CSI)7;8r\(CSI)?69h\(CSI)11;22s\(CSI)8;30H中", columns: 30, rows: 8)
        XCTAssertEqual(s.rows[6], String(repeating: "G", count: 30))
        XCTAssertEqual(s.rows[7], String(repeating: "H", count: 10) + "中\u{FFFF}" + String(repeating: "H", count: 18))
        XCTAssertEqual(s.cursor, "8;13")
    }

    // MARK: edits on a wide character's right half in the last column (wide-edge-*)

    /// `中` in columns 19–20 of 20, the cursor on its right half: DECIC and DECDC keep the
    /// pending wrap (`Z` goes to the next line); DCH, ECH and EL leave the left half never
    /// written, ICH and DECIC a written blank (xterm's DECRQCRA of the screen).
    func testEditsOnTheRightHalfInTheLastColumn() {
        var fill = ""
        for r in 0..<6 {
            fill += "\(CSI)\(r + 1);1H"
            for c in 0..<20 { fill.unicodeScalars.append(UnicodeScalar(UInt8(0x41 + (r * 7 + c * 3) % 26))) }
        }
        func checksum(_ edit: String, autowrap: Bool = true) -> (sum: String, cursor: String) {
            let t = Terminal(columns: 20, rows: 6)
            t.feed(fill + (autowrap ? "" : "\(CSI)?7l") + "\(CSI)3;19H中" + edit + "Z\(CSI)99;1;1;1;6;20*y\(CSI)6n")
            let reply = String(decoding: t.takeReplies(), as: UTF8.self)
            return (String(reply.dropFirst(6).prefix(4)), String(reply.split(separator: "[").last!.dropLast()))
        }
        XCTAssertEqual(checksum("\(CSI)'}").cursor, "4;2")
        XCTAssertEqual(checksum("\(CSI)'~").cursor, "4;2")
        XCTAssertEqual(checksum("\(CSI)'}").sum, "DCFC")
        XCTAssertEqual(checksum("\(CSI)'~").sum, "DDDC")
        for edit in ["\(CSI)P", "\(CSI)X", "\(CSI)K"] {
            XCTAssertEqual(checksum(edit, autowrap: false).sum, "DC1B", edit.debugDescription)
        }
        XCTAssertEqual(checksum("\(CSI)@", autowrap: false).sum, "DBFB")
    }

    // MARK: BS and CUB after RIS and DECSTR (reset-bs-*, reset-cub-*)

    /// DECSTR and RIS turn reverse wraparound (`?45`, `?1045`) off: BS at the left edge and
    /// CUB past it stop there.
    func testBackspaceAndCursorBackStopAtTheEdgeAfterAReset() {
        for reset in ["\(CSI)!p", "\u{1B}c"] {
            let bs = XtermParityReadBack.screen("\(CSI)?45h\(reset)\(CSI)3;1Hx\u{08}\u{08}Y", columns: 80, rows: 24)
            XCTAssertEqual(bs.rows[1], "", reset.debugDescription)
            XCTAssertEqual(bs.rows[2], "Y", reset.debugDescription)
            XCTAssertEqual(bs.cursor, "3;2", reset.debugDescription)
            let cub = XtermParityReadBack.screen("\(CSI)?1045h\(CSI)?45h\(reset)\(CSI)3;66H\(CSI)70DY", columns: 80, rows: 24)
            XCTAssertEqual(cub.rows[2], "Y", reset.debugDescription)
            XCTAssertEqual(cub.cursor, "3;2", reset.debugDescription)
        }
    }
}
