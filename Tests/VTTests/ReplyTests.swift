import XCTest
@testable import VT

final class ReplyTests: XCTestCase {
    func testDeviceAttributes() {
        let t = Terminal(columns: 10, rows: 5)
        XCTAssertEqual(t.query("\(CSI)c"), "\(CSI)?64;1;2;6;9;15;16;17;18;21;22;28c")
        XCTAssertEqual(t.query("\(CSI)0c"), "\(CSI)?64;1;2;6;9;15;16;17;18;21;22;28c")
        XCTAssertEqual(t.query("\u{1B}Z"), "\(CSI)?64;1;2;6;9;15;16;17;18;21;22;28c", "DECID answers as DA1")
        XCTAssertEqual(t.query("\(CSI)=c"), "\u{1B}P!|00000000\u{1B}\\", "DA3: xterm's unit ID")
        XCTAssertEqual(t.query("\(CSI)>c"), "\(CSI)>41;379;0c")
        XCTAssertEqual(t.query("\(CSI)>0c"), "\(CSI)>41;379;0c")
    }

    func testStatusAndCursorPositionReports() {
        let t = Terminal(columns: 10, rows: 5)
        XCTAssertEqual(t.query("\(CSI)5n"), "\(CSI)0n")
        XCTAssertEqual(t.query("\(CSI)3;7H\(CSI)6n"), "\(CSI)3;7R")
        XCTAssertEqual(t.query("\(CSI)?6n"), "\(CSI)?3;7;1R")
    }

    func testCursorPositionReportHonoursOriginMode() {
        let t = Terminal(columns: 10, rows: 10)
        XCTAssertEqual(t.query("\(CSI)3;8r\(CSI)?6h\(CSI)2;4H\(CSI)6n"), "\(CSI)2;4R")
        XCTAssertEqual(t.query("\(CSI)?6l\(CSI)6n"), "\(CSI)1;1R")
    }

    func testCursorPositionReportAtPendingWrapIsTheLastColumn() {
        let t = Terminal(columns: 5, rows: 2)
        XCTAssertEqual(t.query("abcde\(CSI)6n"), "\(CSI)1;5R")
    }

    func testRepliesQueueInOrderAndAreTakenOnce() {
        let t = Terminal(columns: 10, rows: 5)
        t.feed("\(CSI)5n\(CSI)6n")
        XCTAssertEqual(String(decoding: t.takeReplies(), as: UTF8.self), "\(CSI)0n\(CSI)1;1R")
        XCTAssertEqual(t.takeReplies(), [])
    }

    func testRepliesKeepTheirOrderAcrossTakesAndAnEmptyTakeHoldsNoBuffer() {
        let t = Terminal(columns: 10, rows: 5)
        t.feed("\(CSI)5n")
        t.feed("\(CSI)2;3H\(CSI)6n")
        XCTAssertEqual(String(decoding: t.takeReplies(), as: UTF8.self), "\(CSI)0n\(CSI)2;3R")
        let empty = t.takeReplies()
        XCTAssertEqual(empty, [])
        XCTAssertEqual(empty.capacity, 0, "an empty take is the shared empty array, not a fresh buffer")
        t.feed("\(CSI)6n\(CSI)5n")
        XCTAssertEqual(String(decoding: t.takeReplies(), as: UTF8.self), "\(CSI)2;3R\(CSI)0n")
        XCTAssertEqual(t.takeReplies().capacity, 0)
    }

    func testModeReportsForPrivateAndANSIModes() {
        let t = Terminal(columns: 10, rows: 5)
        XCTAssertEqual(t.query("\(CSI)?2026$p"), "\(CSI)?2026;2$y")
        XCTAssertEqual(t.query("\(CSI)?2026h\(CSI)?2026$p"), "\(CSI)?2026;1$y")
        XCTAssertEqual(t.query("\(CSI)?7$p"), "\(CSI)?7;1$y")
        XCTAssertEqual(t.query("\(CSI)?25$p"), "\(CSI)?25;1$y")
        XCTAssertEqual(t.query("\(CSI)?1006h\(CSI)?1006$p"), "\(CSI)?1006;1$y")
        XCTAssertEqual(t.query("\(CSI)?1016$p"), "\(CSI)?1016;2$y")
        XCTAssertEqual(t.query("\(CSI)?1049h\(CSI)?1049$p"), "\(CSI)?1049;1$y")
        XCTAssertEqual(t.query("\(CSI)?12345$p"), "\(CSI)?12345;0$y")
        XCTAssertEqual(t.query("\(CSI)4h\(CSI)4$p"), "\(CSI)4;1$y")
        XCTAssertEqual(t.query("\(CSI)20$p"), "\(CSI)20;2$y")
        XCTAssertEqual(t.query("\(CSI)2$p"), "\(CSI)2;2$y", "KAM: reset, as xterm answers")
    }

    func testStatusStringRequests() {
        let t = Terminal(columns: 10, rows: 8)
        XCTAssertEqual(t.query("\u{1B}P$qm\u{1B}\\"), "\u{1B}P1$r0m\u{1B}\\")
        XCTAssertEqual(t.query("\(CSI)1;4;31;48;5;200m\u{1B}P$qm\u{1B}\\"), "\u{1B}P1$r0;1;4;31;48:5:200m\u{1B}\\")
        XCTAssertEqual(t.query("\(CSI)0;3;38;2;1;2;3m\u{1B}P$qm\u{1B}\\"), "\u{1B}P1$r0;3;38:2::1:2:3m\u{1B}\\")
        XCTAssertEqual(t.query("\(CSI)2;6r\u{1B}P$qr\u{1B}\\"), "\u{1B}P1$r2;6r\u{1B}\\")
        XCTAssertEqual(t.query("\(CSI)?69h\(CSI)3;7s\u{1B}P$qs\u{1B}\\"), "\u{1B}P1$r3;7s\u{1B}\\")
        XCTAssertEqual(t.query("\(CSI)4 q\u{1B}P$q q\u{1B}\\"), "\u{1B}P1$r4 q\u{1B}\\")
        XCTAssertEqual(t.query("\u{1B}P$qzz\u{1B}\\"), "\u{1B}P0$r\u{1B}\\")
        // Terminated by a raw 8-bit ST (0x9C) as well.
        t.feed(Array("\u{1B}P$qr".utf8) + [0x9C])
        XCTAssertEqual(String(decoding: t.takeReplies(), as: UTF8.self), "\u{1B}P1$r2;6r\u{1B}\\")
    }

    func testStatusStringRequestRoundTripsTheRendition() {
        let t = Terminal(columns: 10, rows: 2)
        t.feed("\(CSI)1;2;3;4:3;7;9;53;38;5;100;48;2;1;2;3;58;5;9mx")
        let answer = t.query("\u{1B}P$qm\u{1B}\\")
        let sgr = answer.dropFirst(5).dropLast(2)
        let copy = Terminal(columns: 10, rows: 2)
        copy.feed("\(CSI)\(sgr)x")
        XCTAssertEqual(copy.cell(0, 0).attributes, t.cell(0, 0).attributes)
    }

    func testVersionReport() {
        let t = Terminal(columns: 10, rows: 2)
        XCTAssertEqual(t.query("\(CSI)>q"), "\u{1B}P>|drover(0.1.0)\u{1B}\\")
        XCTAssertEqual(t.query("\(CSI)>0q"), "\u{1B}P>|drover(0.1.0)\u{1B}\\")
    }

    func testColorQueriesUseTheQuerysTerminator() {
        let t = Terminal(columns: 10, rows: 2)
        t.colors = TerminalColors(foreground: RGBColor(red: 0xAB, green: 0xCD, blue: 0xEF),
                                  background: RGBColor(red: 0x01, green: 0x02, blue: 0x03),
                                  cursor: RGBColor(red: 0xFF, green: 0, blue: 0x10))
        XCTAssertEqual(t.query("\u{1B}]10;?\u{07}"), "\u{1B}]10;rgb:abab/cdcd/efef\u{07}")
        XCTAssertEqual(t.query("\u{1B}]11;?\u{1B}\\"), "\u{1B}]11;rgb:0101/0202/0303\u{1B}\\")
        XCTAssertEqual(t.query("\u{1B}]12;?\u{07}"), "\u{1B}]12;rgb:ffff/0000/1010\u{07}")
        XCTAssertEqual(t.query("\u{1B}]10;?;?\u{07}"),
                       "\u{1B}]10;rgb:abab/cdcd/efef\u{07}\u{1B}]11;rgb:0101/0202/0303\u{07}")
        XCTAssertEqual(t.query("\u{1B}]10;#ffffff\u{07}"), "")
    }

    func testWindowReports() {
        let t = Terminal(columns: 80, rows: 24)
        t.cellPixelSize = (width: 9, height: 18)
        XCTAssertEqual(t.query("\(CSI)14t"), "\(CSI)4;432;720t")
        XCTAssertEqual(t.query("\(CSI)16t"), "\(CSI)6;18;9t")
        XCTAssertEqual(t.query("\(CSI)18t"), "\(CSI)8;24;80t")
        XCTAssertEqual(t.query("\(CSI)8;50;100t"), "", "resizing is refused: the local terminal decides")
        XCTAssertEqual(t.resizeRequest, ResizeRequest(rows: 50, columns: 100))
        XCTAssertEqual(t.rows, 24)
        t.feed("\(CSI)36t")
        XCTAssertEqual(t.resizeRequest, ResizeRequest(rows: 36, columns: nil), "DECSLPP is recorded too")
        t.feed("\(CSI)132$|")
        XCTAssertEqual(t.resizeRequest, ResizeRequest(rows: nil, columns: 132), "and DECSCPP")
        XCTAssertEqual(t.columns, 80)
        XCTAssertEqual(t.query("\(CSI)11t\(CSI)13t\(CSI)15t"), "\(CSI)1t\(CSI)3;0;0t\(CSI)5;432;720t")
        t.feed("\u{1B}]2;secret title\u{07}")
        XCTAssertEqual(t.query("\(CSI)20t\(CSI)21t"), "\u{1B}]LDrover\u{1B}\\\u{1B}]lDrover\u{1B}\\",
                       "never the remote-set title")
    }

    /// The expected sums below are the ones xterm 379 answered under Xvfb for the same bytes.
    func testRectangleChecksumFollowsXterm() {
        let t = Terminal(columns: 10, rows: 3)
        t.feed("A")
        // -0x41 in 16 bits.
        XCTAssertEqual(t.query("\(CSI)3;1;1;1;1;1*y"), "\u{1B}P3!~FFBF\u{1B}\\")
        t.feed("\(CSI)2;1H\(CSI)1;4mb\(CSI)0m \(CSI)7m \(CSI)0m")
        // Row 2: 'b' + bold 0x80 + underline 0x10, a written space, an inverse space; the
        // never-written cells after them count nothing.
        XCTAssertEqual(t.query("\(CSI)1;1;2;1;2;10*y"), "\u{1B}P1!~FEAE\u{1B}\\")
        // A never-written first cell counts as a space, once: the whole blank row 3 is -0x20.
        XCTAssertEqual(t.query("\(CSI)1;1;3;1;3;10*y"), "\u{1B}P1!~FFE0\u{1B}\\")
        // An empty rectangle sums to zero.
        XCTAssertEqual(t.query("\(CSI)1;1;3;1;2;1*y"), "\u{1B}P1!~0000\u{1B}\\")
    }

    func testRectangleChecksumUsesTheLowByteAndWideRightHalvesCountFF() {
        let t = Terminal(columns: 12, rows: 1)
        t.feed("中é")
        // 中 is U+4E2D (0x2D), its right half 0xFF, é 0xE9 (xterm's answers for each cell
        // alone: FFD3, FF01, FF17).
        XCTAssertEqual(t.query("\(CSI)1;1;1;1;1;3*y"), "\u{1B}P1!~FDEB\u{1B}\\")
    }

    func testRectangleChecksumCountsBlanksLeftByECHButNotByEL() {
        let t = Terminal(columns: 10, rows: 1)
        t.feed("ABCDEFGH\(CSI)1;3H\(CSI)3X")
        // A B F G H and three written blanks (xterm: FE48).
        XCTAssertEqual(t.query("\(CSI)1;1;1;1;1;10*y"), "\u{1B}P1!~FE48\u{1B}\\")
        t.feed("\(CSI)K")
        XCTAssertEqual(t.query("\(CSI)1;1;1;1;1;10*y"), "\u{1B}P1!~FF7D\u{1B}\\")
    }

    func testRectangleChecksumCountsAHiddenWideCharacterAsOneSpace() {
        let t = Terminal(columns: 10, rows: 1)
        t.feed("ab\(CSI)8m中文\(CSI)0mX")
        XCTAssertEqual(t.query("\(CSI)1;1;1;1;1;10*y"), "\u{1B}P1!~FEA5\u{1B}\\")   // xterm's answer
    }

    func testRectangleChecksumHidesHiddenNarrowCharacters() {
        let t = Terminal(columns: 10, rows: 1)
        t.feed("\(CSI)8mA\(CSI)0mB")
        // Hidden 'A' counts as a space (xterm: FF9E).
        XCTAssertEqual(t.query("\(CSI)1;1;1;1;1;2*y"), "\u{1B}P1!~FF9E\u{1B}\\")
    }

    func testUnknownQueriesGetNoReply() {
        let t = Terminal(columns: 10, rows: 2)
        XCTAssertEqual(t.query("\(CSI)1c\(CSI)7n\(CSI)>1q\u{1B}]4;300;?\u{07}\u{1B}P+q544e\u{1B}\\"), "")
    }
}
