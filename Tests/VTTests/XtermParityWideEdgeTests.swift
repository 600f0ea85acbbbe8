import XCTest
@testable import VT

/// A wide character cut at the right edge of a copy or a scroll, with xterm 379's own answers
/// (checked in as XtermCorpus/wide-lone-left-*, wide-cut-scroll-*; reduced from mix31-15 and
/// wide-edge-2).
final class XtermParityWideEdgeTests: XCTestCase {
    /// `中文` copied by DECCRA to end in the last column: `文`'s left half stays there alone,
    /// printed and counted, at a width that is a multiple of 4 and one that is not. Written
    /// over it is gone; written next to it (over `中`) it stays. Copied to end mid-row, the
    /// cut left half is erased.
    func testACopyClippedAtTheLastColumnKeepsTheLeftHalfAlone() {
        for (columns, rows) in [(20, 6), (30, 8)] {
            let c = columns
            let stream = "\(CSI)1;1H中文\(CSI)4;\(c - 3)HQ\(CSI)1;1;1;4;1;2;\(c - 2)$v\(CSI)1;1;1;4;1;3;\(c - 2)$v"
                + "\(CSI)3;\(c)Hx\(CSI)1;1;1;4;1;4;\(c - 2)$v\(CSI)4;\(c - 3)Hyz\(CSI)1;1;1;3;1;5;\(c - 6)$v"
            let play = XtermParityReadBack(stream, columns: c, rows: rows)
            let sums = (1...5).map { play.rowChecksum($0) }
            XCTAssertEqual(sums, ["FD4E", "FE2D", "FE3C", "FE46", "FE94"], "\(c) columns")
            let screen = play.screen()
            let pad = { (n: Int) in String(repeating: " ", count: n) }
            XCTAssertEqual(Array(screen.rows[1...4]), [pad(c - 3) + "中\u{FFFF}文", pad(c - 3) + "中\u{FFFF}x",
                                                       pad(c - 4) + "yz 文", pad(c - 7) + "中\u{FFFF}"], "\(c) columns")
            XCTAssertEqual(screen.cursor, "4;\(c - 1)")
        }
    }

    /// The left half kept alone is two wide in the frame with no spacer after it, which the
    /// renderer's preparation draws as a blank.
    func testTheLeftHalfAloneIsAWideCellWithoutASpacer() {
        let t = Terminal(columns: 20, rows: 6)
        t.feed("\(CSI)1;1H中文\(CSI)1;1;1;4;1;2;18$v")
        let frame = t.frame()
        XCTAssertEqual(frame[1, 19].content, 0x6587)
        XCTAssertEqual(frame[1, 19].width, 2)
        XCTAssertEqual(frame[1, 17].width, 2)
        XCTAssertEqual(frame[1, 18].width, 0)
    }

    /// Bold `中` across a margin of DECSLRM 16;28, scrolled inside the margins (SU, SD, a
    /// taller region): the half moved and the half left behind are bold written blanks (each
    /// row sums `A` plus 0xA0).
    func testAScrollCuttingAWideCharacterAtAMarginLeavesWrittenBlanks() {
        let cases: [(at: String, region: String, scroll: String, sums: [String])] = [
            ("7;28", "6;7", "S", ["FFBF", "FF1F", "FF1F"]), ("7;15", "6;7", "S", ["FFBF", "FF1F", "FF1F"]),
            ("6;28", "6;7", "T", ["FFBF", "FF1F", "FF1F"]), ("7;28", "5;7", "2S", ["FF1F", "FFBF", "FF1F"]),
        ]
        for c in cases {
            let play = XtermParityReadBack("\(CSI)5;1HA\(CSI)6;1HA\(CSI)7;1HA\(CSI)1m\(CSI)\(c.at)H中\(CSI)m\(CSI)?69h"
                                           + "\(CSI)16;28s\(CSI)\(c.region)r\(CSI)7;20H\(CSI)\(c.scroll)", columns: 30, rows: 8)
            XCTAssertEqual((5...7).map { play.rowChecksum($0) }, c.sums, "\(c)")
        }
    }

    /// A move of `n` lines inside DECSLRM also cuts the wide character across a margin in the
    /// `n` rows just outside the region it reads from, which do not move: below it scrolling
    /// up, above it scrolling down (XtermCorpus/wide-cut-beyond-*; wide-edge-2 reduced to its
    /// first line: the wrap at the bottom margin loses row 8's `中` in xterm 379). Bold `中`,
    /// so a cut row sums two bold blanks (FEA0); at 20, 30 and 40 columns.
    func testAScrollCutsTheRowsItReadsFromOutsideTheRegion() {
        let cases: [(at: String, margins: String, origin: String, region: String, then: String, size: (Int, Int), cut: Int)] = [
            ("8;15", "16;28", "\(CSI)?6h", "6;7", "5;29H中", (30, 8), 8), ("9;15", "16;28", "", "5;8", "7;20H\(CSI)2S", (40, 10), 9),
            ("3;15", "16;28", "", "5;8", "7;20H\(CSI)2T", (40, 10), 3), ("8;28", "16;28", "", "3;5", "3;20H\(CSI)3M", (40, 10), 8),
            ("1;5", "6;18", "", "2;4", "2;10H\(ESC)M", (20, 6), 1),
        ]
        for c in cases {
            let (columns, rows) = c.size
            let play = XtermParityReadBack("\(CSI)\(c.at)H\(CSI)1m中\(CSI)m\(CSI)?69h\(CSI)\(c.margins)s\(c.origin)"
                                           + "\(CSI)\(c.region)r\(CSI)\(c.then)\(CSI)?6l", columns: columns, rows: rows)
            let expected = (1...rows).map { $0 == c.cut ? "FEA0" : $0 == 7 && rows == 8 ? "FEB4" : "FFE0" }
            XCTAssertEqual((1...rows).map { play.rowChecksum($0) }, expected, "\(c)")
        }
        let screen = XtermParityReadBack.screen("\(CSI)8;15H中\(CSI)?69h\(CSI)16;28s\(CSI)?6h\(CSI)6;7r\(CSI)5;29H中", columns: 30, rows: 8)
        XCTAssertEqual(Array(screen.rows[6...7]), [String(repeating: " ", count: 15) + "中\u{FFFF}", ""])
    }

    /// The left half kept alone lives only in the last column (fix of the issue 31 review,
    /// xterm 379's answers from scripts/xterm-oracle): DECCRA copies it as a written blank
    /// (row 4 counts one blank, FFC0); DCH and DECDC moving it left drop it (row 2 counts only
    /// `中`, FEB4).
    func testTheLeftHalfAloneNeverLeavesTheLastColumn() {
        let kept = "\(CSI)1;1H中文\(CSI)1;1;1;4;1;2;18$v"
        let copied = XtermParityReadBack(kept + "\(CSI)2;20;2;20;1;4;5$v", columns: 20, rows: 6)
        XCTAssertEqual((1...6).map { copied.rowChecksum($0) }, ["FD4E", "FE2D", "FFE0", "FFC0", "FFE0", "FFE0"])
        for edit in ["\(CSI)2P", "\(CSI)2'~"] {
            let play = XtermParityReadBack(kept + "\(CSI)2;15H" + edit, columns: 20, rows: 6)
            XCTAssertEqual((1...6).map { play.rowChecksum($0) }, ["FD4E", "FEB4", "FFE0", "FFE0", "FFE0", "FFE0"], edit)
            XCTAssertEqual(play.screen().rows[1], String(repeating: " ", count: 15) + "中\u{FFFF}", edit)
        }
    }

    /// DECDC on a right half erases its left half even though the next character's right
    /// half moves in after it (xterm 379: the row is blank, FFE0).
    func testDeletingAColumnOnARightHalfDoesNotPairItsLeftHalfWithTheNext() {
        let play = XtermParityReadBack("\(CSI)1;5H文字\(CSI)1;6H\(CSI)2'~", columns: 20, rows: 6)
        XCTAssertEqual(play.rowChecksum(1), "FFE0")
        XCTAssertEqual(play.screen().rows[0], "")
    }

    /// DECSEL 1 and DECSED 1 at the last column leave never-written cells, as EL 1 and ED 1
    /// (xterm 379: FFE0, not twenty written blanks).
    func testSelectiveEraseToTheLastColumnLeavesNeverWrittenCells() {
        for erase in ["\(CSI)?1K", "\(CSI)?1J"] {
            let play = XtermParityReadBack("\(CSI)2;1Habc\(CSI)2;20H" + erase, columns: 20, rows: 6)
            XCTAssertEqual(play.rowChecksum(2), "FFE0", erase)
        }
    }

    /// ICH and DECIC inside bold `中` (the cursor on its right half) erase it without its
    /// rendition: ICH leaves two written blanks, DECIC two never-written ones (xterm 379's row
    /// sums, the same at 20 and 21 columns; DECIC also inserts a written blank in the empty row
    /// 2). At the margin the width-modulo-4 answers apply (ADR 0008).
    func testInsertingInsideAWideCharacterLeavesPlainBlanks() {
        for c in [20, 21] {
            let ich = XtermParityReadBack("\(CSI)1;1H\(CSI)1m中文\(CSI)m\(CSI)1;2H\(CSI)@\(CSI)3;5H\(CSI)1m中\(CSI)m\(CSI)3;6H\(CSI)3@", columns: c, rows: 6)
            XCTAssertEqual([1, 3].map { ich.rowChecksum($0) }, ["FD1A", "FF40"], "ich \(c)")
            let decic = XtermParityReadBack("\(CSI)1;1H\(CSI)1m中文\(CSI)m\(CSI)1;2H\(CSI)'}", columns: c, rows: 6)
            XCTAssertEqual((1...2).map { decic.rowChecksum($0) }, ["FD3A", "FFC0"], "decic \(c)")
        }
    }

    /// ICH and DECIC pushing bold `中` across the margin (DECSLRM 1;10, or the last column at 21
    /// columns, a width where xterm 379 erases) erase its left half without its rendition: only
    /// the first cell counts (FFE0). Row 1 of the margin case also takes DECIC's written blank.
    func testInsertingPushesAWideCharacterOutWithoutItsRendition() {
        let margin = XtermParityReadBack("\(CSI)?69h\(CSI)1;10s\(CSI)1;9H\(CSI)1m中\(CSI)m\(CSI)1;1H\(CSI)@"
                                         + "\(CSI)2;9H\(CSI)1m中\(CSI)m\(CSI)2;1H\(CSI)'}\(CSI)s", columns: 21, rows: 6)
        XCTAssertEqual((1...2).map { margin.rowChecksum($0) }, ["FFC0", "FFE0"])
        let edge = XtermParityReadBack("\(CSI)1;20H\(CSI)1m中\(CSI)m\(CSI)1;1H\(CSI)@\(CSI)2;18H\(CSI)1m中\(CSI)m\(CSI)2;1H\(CSI)2@",
                                       columns: 21, rows: 6)
        XCTAssertEqual((1...2).map { edge.rowChecksum($0) }, ["FFE0", "FD94"])
    }
}
