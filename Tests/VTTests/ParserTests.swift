import XCTest
@testable import VT

final class ParserTests: XCTestCase {
    /// A stream touching most parser states: CSI with private marker and colons, OSC with
    /// BEL and ST, DCS, APC, UTF-8 of every length, C0 inside CSI.
    private let richStream =
        "\(CSI)2J\(CSI)1;1Hé中😀x\(CSI)38:2::10:20:30mA\(CSI)0m" +
        "\u{1B}]0;title é\u{07}\u{1B}]2;second\u{1B}\\" +
        "\u{1B}P$qm\u{1B}\\\u{1B}_apc data\u{1B}\\" +
        "\(CSI)?25l\(CSI)3;\r5HB\(CSI)?2004hé\u{0301}end"

    private func snapshot(_ t: Terminal) -> String {
        let f = t.frame()
        return (0..<f.rows).map { f.rowText($0) }.joined(separator: "|") +
            " @\(f.cursorRow),\(f.cursorColumn) \(f.title) \(t.modes.cursorVisible) \(t.modes.bracketedPaste)"
    }

    func testSplittingTheStreamAtEveryByteBoundaryGivesTheSameScreen() {
        let bytes = Array(richStream.utf8)
        let whole = Terminal(columns: 20, rows: 5)
        whole.feed(bytes)
        let expected = snapshot(whole)
        let expectedCell = whole.cell(1, 1)
        for split in 1..<bytes.count {
            let t = Terminal(columns: 20, rows: 5)
            t.feed(Array(bytes[..<split]))
            t.feed(Array(bytes[split...]))
            XCTAssertEqual(snapshot(t), expected, "split at \(split)")
            XCTAssertEqual(t.cell(1, 1), expectedCell, "split at \(split)")
        }
    }

    func testFeedingOneByteAtATimeGivesTheSameScreen() {
        let bytes = Array(richStream.utf8)
        let whole = Terminal(columns: 20, rows: 5)
        whole.feed(bytes)
        let t = Terminal(columns: 20, rows: 5)
        for b in bytes { t.feed([b]) }
        XCTAssertEqual(snapshot(t), snapshot(whole))
        XCTAssertEqual(t.takeReplies(), whole.takeReplies())
    }

    func testUTF8CharacterSplitAcrossFeedsIsDecodedWhole() {
        let t = Terminal(columns: 10, rows: 2)
        let bytes = Array("😀".utf8)
        t.feed(Array(bytes[0..<1]))
        t.feed(Array(bytes[1..<3]))
        t.feed(Array(bytes[3...]))
        XCTAssertEqual(t.cell(0, 0).content, 0x1F600)
        XCTAssertEqual(t.cell(0, 0).width, 2)
        assertCursor(t, 0, 2)
    }

    func testInvalidUTF8BecomesReplacementCharacters() {
        let t = Terminal(columns: 10, rows: 2)
        t.feed([0x61, 0xFF, 0x62, 0xC3, 0x63, 0xE2, 0x82, 0x64, 0xED, 0xA0, 0x80])
        // 0xFF invalid; C3 then 'c' ends early; E2 82 then 'd' ends early; ED A0 is a surrogate.
        XCTAssertEqual(t.lines[0], "a\u{FFFD}b\u{FFFD}c\u{FFFD}d\u{FFFD}\u{FFFD}\u{FFFD}")
    }

    func testOverlongEncodingIsRejected() {
        let t = Terminal(columns: 10, rows: 2)
        t.feed([0xC0, 0xAF, 0x78])
        XCTAssertEqual(t.lines[0], "\u{FFFD}\u{FFFD}x")
    }

    func testEscapeInsideAnUnfinishedUTF8CharacterStillStartsASequence() {
        let t = Terminal(columns: 10, rows: 2)
        t.feed([0xE4, 0xB8])
        t.feed("\(CSI)2;3HZ")
        XCTAssertEqual(t.lines[0], "\u{FFFD}")
        XCTAssertEqual(t.lines[1], "  Z")
    }

    func testC1ControlsEncodedInUTF8Work() {
        let t = Terminal(columns: 10, rows: 3)
        // U+009B is CSI, U+0085 is NEL.
        t.feed("ab\u{9B}2;4Hc\u{85}d")
        XCTAssertEqual(t.lines, ["ab", "   c", "d"])
    }

    func testRawC1InsideASequenceIsHonoured() {
        let t = Terminal(columns: 10, rows: 3)
        // ESC followed by raw 0x9B (CSI) starts a CSI.
        t.feed([0x1B, 0x9B] + Array("3;2Hq".utf8))
        XCTAssertEqual(t.lines[2], " q")
    }

    func testCancelAndSubstituteAbortASequence() {
        let t = Terminal(columns: 10, rows: 2)
        t.feed("\(CSI)3\u{18}A\(CSI)5\u{1A}B")
        XCTAssertEqual(t.lines[0], "AB")
        let osc = Terminal(columns: 10, rows: 2)
        osc.feed("\u{1B}]0;never\u{18}x\u{07}")
        XCTAssertEqual(osc.title, "")
        XCTAssertEqual(osc.lines[0], "x")
    }

    func testC0ControlInsideCSIIsExecuted() {
        let t = Terminal(columns: 10, rows: 3)
        t.feed("abc\(CSI)2\rCX")
        // CR executes mid-sequence, then CSI 2 C moves two right from column 0.
        XCTAssertEqual(t.lines[0], "abX")
    }

    func testOverlongOSCIsDroppedAndParsingRecovers() {
        let t = Terminal(columns: 10, rows: 2)
        t.feed("\u{1B}]0;" + String(repeating: "x", count: 100_000) + "\u{07}ok")
        XCTAssertEqual(t.title, "")
        XCTAssertEqual(t.lines[0], "ok")
        t.feed("\u{1B}]0;short\u{07}")
        XCTAssertEqual(t.title, "short")
    }

    func testOSCTerminatedBy8BitSTButNotByAContinuationByte() {
        let t = Terminal(columns: 10, rows: 2)
        // "✜" is E2 9C 9C: the 0x9C bytes belong to the character.
        t.feed(Array("\u{1B}]2;a✜b".utf8) + [0x9C] + Array("z".utf8))
        XCTAssertEqual(t.title, "a✜b")
        XCTAssertEqual(t.lines[0], "z")
    }

    func testManyParametersAreBoundedWithoutCrashing() {
        let t = Terminal(columns: 10, rows: 2)
        let params = (0..<200).map { _ in "1" }.joined(separator: ";")
        t.feed("\(CSI)\(params)mX")
        XCTAssertEqual(t.lines[0], "X")
        XCTAssertTrue(t.cell(0, 0).attributes.flags.contains(.bold))
        t.feed("\(CSI)99999999999;99999999999HY")
        assertCursor(t, 1, 9)
    }

    func testDCSAndAPCAndPMAreConsumed() {
        let t = Terminal(columns: 20, rows: 2)
        t.feed("\u{1B}Pqsixel#data\u{1B}\\a\u{1B}^pm\u{1B}\\b\u{1B}_Gkitty\u{1B}\\c\u{1B}Xsos\u{1B}\\d")
        XCTAssertEqual(t.lines[0], "abcd")
        XCTAssertEqual(t.takeReplies(), [])
    }

    func testUnknownSequencesAreIgnoredNotEchoed() {
        let t = Terminal(columns: 20, rows: 2)
        t.feed("a\(CSI)?999;1234z\(CSI)>5;6Q\u{1B}%Gb\(CSI)1$}c")
        XCTAssertEqual(t.lines[0], "abc")
        XCTAssertEqual(t.takeReplies(), [])
    }

    func testColonSubparametersAreKeptApart() {
        var p = Params()
        for b in Array("38:2::1:2:3;4".utf8) {
            if b == 0x3A || b == 0x3B { p.separate(subparameter: b == 0x3A) } else { p.addDigit(b) }
        }
        p.finish()
        XCTAssertEqual(p.count, 7)
        XCTAssertEqual(p[0], 38)
        XCTAssertEqual(p.subparameterCount(after: 0), 5)
        XCTAssertEqual(p[3], 1)
        XCTAssertFalse(p.isSubparameter(6))
        XCTAssertEqual(p[6], 4)
    }

    func testDeleteIsIgnoredEverywhere() {
        let t = Terminal(columns: 10, rows: 3)
        t.feed("a\u{7F}b\(CSI)2\u{7F};2Hc")
        XCTAssertEqual(t.lines[0], "ab")
        XCTAssertEqual(t.lines[1], " c")
    }
}
