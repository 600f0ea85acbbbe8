import XCTest
@testable import VT

/// GR locking shifts (LS1R–LS3R), 8-bit GR characters and the DEC 94/96-character sets, as
/// xterm 379 (UTF-8 mode, default resources) draws them; each expectation was read off xterm
/// through scripts/xterm-oracle.
final class GRCharsetTests: XCTestCase {
    func testLockingShiftRightMapsEachHighByteThroughTheGRSet() {
        let t = Terminal(columns: 20, rows: 2)
        t.feed([0x1B, 0x29, 0x30, 0x1B, 0x7E, 0xF1, 0xF1, 0x78, 0xE9, 0x7C])   // ESC ) 0, LS1R
        XCTAssertEqual(t.lines[0], "──x␋|")
    }

    func testUTF8IsReadByteByByteWhileGRHoldsANonASCIISet() {
        let t = Terminal(columns: 20, rows: 3)
        t.feed("\u{1B})0\u{1B}~é中z\r\n")
        XCTAssertEqual(t.lines[0], "C)␍8-z", "each byte of é and 中 is one GR character")
        let fresh = Terminal(columns: 20, rows: 1)
        fresh.feed("\u{1B}*0é\u{1B}*Bé")                            // GR starts as G2
        XCTAssertEqual(fresh.lines[0], "C)é")
    }

    func testLockingShiftRightWithAnASCIISetKeepsDecodingUTF8() {
        let t = Terminal(columns: 20, rows: 2)
        t.feed("\u{1B}~é中x")
        XCTAssertEqual(t.lines[0], "é中x")
    }

    func testLS2RAndLS3RSelectG2AndG3AndDECSCSavesTheChoice() {
        let t = Terminal(columns: 20, rows: 2)
        t.feed("\u{1B}*A\u{1B}+0\u{1B}|\u{1B}7\u{1B}}")
        t.feed([0xC9])                                             // G2 (Latin-1): É
        XCTAssertEqual(t.lines[0], "É")
        t.feed("\u{1B}8")
        t.feed([0xF1])                                             // DECRC: G3 back in GR, ─ over the É
        XCTAssertEqual(t.lines[0], "─")
        t.feed("\(CSI)!p\u{1B}+0é")                                // DECSTR: GR back to G2 (ASCII)
        XCTAssertEqual(t.lines[0], "─é")
    }

    func testBytes0x80To0x9FAreDroppedWhileGRIsNotASCII() {
        let t = Terminal(columns: 20, rows: 2)
        t.feed([0x1B, 0x2A, 0x30, 0x61, 0x9B, 0x33, 0x47, 0x62])   // 0x9B is not CSI here
        t.feed([0x85, 0x63, 0x90, 0x64, 0x8E, 0x71])                // nor NEL, DCS or SS2
        XCTAssertEqual(t.lines[0], "a3Gbcdq")
    }

    func testNinetySixCharacterSetMapsSpaceAndDELAndIgnoresOtherDesignators() {
        let t = Terminal(columns: 20, rows: 2)
        t.feed("\u{1B}-A\u{0E} A\u{7F}\u{0F}|\u{1B})0\u{1B}-B\u{0E}q\u{0F}")
        XCTAssertEqual(t.lines[0], "\u{A0}Áÿ|─", "Latin-2 and the other 96-character sets are not xterm's")
    }

    func testDECSupplementalAndTechnicalSets() {
        let t = Terminal(columns: 20, rows: 2)
        t.feed("\u{1B}(<#(W8\u{1B}(%5w\u{1B}(>AC`q\u{1B}(B")
        XCTAssertEqual(t.lines[0], "£¤Œ⸮œ∝÷¬ψ")
    }

    func testNationalDesignatorsSelectASCIIWithoutDECNRCM() {
        let t = Terminal(columns: 20, rows: 2)
        t.feed("\u{1B}(0\u{1B}(5q\u{1B}(0\u{1B}(%2q\u{1B}(0\u{1B}(\"?q\u{1B}(B")
        XCTAssertEqual(t.lines[0], "qq─", "DEC Greek is beyond xterm's VT420 level: ignored")
        t.feed("\(CSI)?42h\u{1B}(`[\u{1B}(B")
        XCTAssertEqual(t.lines[0], "qq─Æ")
    }
}

/// Wide characters where xterm 379 does something particular (found by bisecting corpus streams).
final class WideCharacterEdgeTests: XCTestCase {
    func testWithoutAutowrapAWideCharacterThatDoesNotFitReplacesTheLastOneOfItsRun() {
        let t = Terminal(columns: 10, rows: 4)
        t.feed("\(CSI)?7l\(CSI)1;7H中文字")
        XCTAssertEqual(t.lines[0], "      中字", "revwrap-7: 字 replaces 文 in columns 9-10")
        t.feed("\(CSI)2;6H中文字")
        XCTAssertEqual(t.lines[1], "     中字", "mix-55: 字 replaces 文 in columns 8-9; column 10 stays empty")
        t.feed("\(CSI)3;6H中文x字\(CSI)4;8Hab中")
        XCTAssertEqual(t.lines[2], "     中文x", "after a narrow character it is dropped")
        XCTAssertEqual(t.lines[3], "       ab")
    }

    func testBackToBackHiddenWideCharactersWriteOneSpaceEachFromTheRunStart() {
        let t = Terminal(columns: 12, rows: 2)
        t.feed("abcdefghijkl\(CSI)1;3H\(CSI)8m中文\(CSI)0m")
        XCTAssertEqual(t.lines[0], "ab  efghijkl", "two spaces at 3-4; 5-6 untouched")
        t.feed("\r\nabcdefghijkl\(CSI)2;3H\(CSI)8m中\(CSI)8m文")
        XCTAssertEqual(t.lines[1], "ab d fghijkl", "a sequence between them ends the run")
        XCTAssertEqual(t.query("\(CSI)6n"), "\(CSI)2;7R")
    }
}
