import XCTest
@testable import VT

final class WideAndCombiningTests: XCTestCase {
    func testEastAsianWideCharacterTakesTwoCells() {
        let t = Terminal(columns: 10, rows: 1)
        t.feed("中a")
        XCTAssertEqual(t.cell(0, 0).width, 2)
        XCTAssertEqual(t.cell(0, 1).width, 0)
        XCTAssertEqual(t.cell(0, 2).content, 0x61)
        XCTAssertEqual(t.lines[0], "中a")
        assertCursor(t, 0, 3)
    }

    func testEmojiPresentationIsWide() {
        let t = Terminal(columns: 10, rows: 1)
        t.feed("😀🚀x")
        XCTAssertEqual(t.cell(0, 0).width, 2)
        XCTAssertEqual(t.cell(0, 2).width, 2)
        assertCursor(t, 0, 5)
    }

    func testWidthTable() {
        XCTAssertEqual(CharacterWidth.of(0x41), 1)
        XCTAssertEqual(CharacterWidth.of(0xE9), 1)
        XCTAssertEqual(CharacterWidth.of(0x0301), 0)
        XCTAssertEqual(CharacterWidth.of(0x200D), 0)
        XCTAssertEqual(CharacterWidth.of(0xFE0F), 0)
        XCTAssertEqual(CharacterWidth.of(0x4E2D), 2)
        XCTAssertEqual(CharacterWidth.of(0xAC00), 2)
        XCTAssertEqual(CharacterWidth.of(0xFF21), 2)
        XCTAssertEqual(CharacterWidth.of(0x1F600), 2)
        XCTAssertEqual(CharacterWidth.of(0x2500), 1)
        XCTAssertEqual(CharacterWidth.of(0x3099), 0)
        XCTAssertEqual(CharacterWidth.of(0x20000), 2)
    }

    func testWideCharacterAtTheLastColumnWrapsFirst() {
        let t = Terminal(columns: 5, rows: 2)
        t.feed("abcd中")
        XCTAssertEqual(t.lines, ["abcd", "中"])
        assertCursor(t, 1, 2)
    }

    func testWideCharacterEndingAtTheLastColumnSetsPendingWrap() {
        let t = Terminal(columns: 4, rows: 2)
        t.feed("ab中")
        assertCursor(t, 0, 3)
        t.feed("x")
        XCTAssertEqual(t.lines, ["ab中", "x"])
    }

    func testOverwritingHalfAWideCharacterBlanksTheOtherHalf() {
        let t = Terminal(columns: 6, rows: 1)
        t.feed("中文\(CSI)1;2Hx")
        XCTAssertEqual(t.cell(0, 0).content, 0x20, "a written blank, as xterm 379's DECRQCRA counts it")
        XCTAssertEqual(t.cell(0, 0).width, 1)
        XCTAssertEqual(t.lines[0], " x文")
        t.feed("\(CSI)1;3Hy")
        XCTAssertEqual(t.cell(0, 3).width, 1)
        XCTAssertEqual(t.lines[0], " xy")
    }

    func testErasingHalfAWideCharacterErasesAll() {
        let t = Terminal(columns: 6, rows: 1)
        t.feed("中文\(CSI)1;2H\(CSI)X")
        XCTAssertEqual(t.lines[0], "  文")
        XCTAssertEqual(t.cell(0, 0).width, 1)
    }

    func testCombiningMarkJoinsThePreviousCell() {
        let t = Terminal(columns: 6, rows: 1)
        t.feed("e\u{0301}x")
        let f = t.frame()
        XCTAssertTrue(f[0, 0].isCluster)
        XCTAssertEqual(f.text(of: f[0, 0]), "e\u{0301}")
        XCTAssertEqual(f[0, 1].content, 0x78)
        assertCursor(t, 0, 2)
    }

    func testCombiningMarkAfterPendingWrapJoinsTheLastColumn() {
        let t = Terminal(columns: 3, rows: 2)
        t.feed("abc\u{0308}")
        let f = t.frame()
        XCTAssertEqual(f.text(of: f[0, 2]), "c\u{0308}")
        assertCursor(t, 0, 2)
    }

    func testCombiningMarkJoinsAWideCharacter() {
        let t = Terminal(columns: 6, rows: 1)
        t.feed("中\u{0301}")
        let f = t.frame()
        XCTAssertEqual(f.text(of: f[0, 0]), "中\u{0301}")
        XCTAssertEqual(f[0, 0].width, 2)
        XCTAssertEqual(f[0, 1].width, 0)
    }

    func testSeveralMarksStackInOneCluster() {
        let t = Terminal(columns: 6, rows: 1)
        t.feed("a\u{0301}\u{0302}")
        let f = t.frame()
        XCTAssertEqual(f.text(of: f[0, 0]), "a\u{0301}\u{0302}")
    }

    func testMarkAtTheStartOfALineIsDropped() {
        let t = Terminal(columns: 6, rows: 1)
        t.feed("\u{0301}a")
        XCTAssertEqual(t.lines[0], "a")
    }

    func testInsertCharactersDoesNotLeaveHalfAWideCharacter() {
        let t = Terminal(columns: 4, rows: 1)
        t.feed("ab中\(CSI)1;1H\(CSI)@")
        XCTAssertEqual(t.lines[0], " ab")
        XCTAssertEqual(t.cell(0, 3).width, 1)
    }
}

final class HostileInputTests: XCTestCase {
    func testEndlessCombiningMarksStayBounded() {
        let t = Terminal(columns: 4, rows: 1)
        t.feed("a" + String(repeating: "\u{0301}", count: 10_000) + "b")
        let f = t.frame()
        XCTAssertEqual(f.text(of: f[0, 0]).unicodeScalars.count, Screen.clusterScalarLimit)
        XCTAssertLessThan(f.clusters.count, 20)
        XCTAssertEqual(f[0, 1].content, 0x62)
    }

    func testOverlongLinkTargetsAreNotStored() {
        let t = Terminal(columns: 4, rows: 1)
        t.feed("\u{1B}]8;;" + String(repeating: "u", count: 3000) + "\u{07}x")
        XCTAssertEqual(t.frame().links, [])
        XCTAssertEqual(t.cell(0, 0).attributes.link, 0)
    }

    func testManyDistinctLinksKeepOnlyThoseInUse() {
        let t = Terminal(columns: 4, rows: 1, scrollbackLimit: 0)
        for i in 0..<10_000 { t.feed("\r\u{1B}]8;;https://e/\(i)\u{07}x") }
        let f = t.frame()
        XCTAssertLessThanOrEqual(f.links.count, 4096)
        XCTAssertEqual(f.links[Int(f[0, 0].attributes.link) - 1], "https://e/9999")
    }
}

/// Emoji sequences laid out as xterm 379 lays them out (XtermCorpus/zwj-*): ZWJ joins
/// nothing visible, each emoji keeps its own two cells, a skin-tone modifier is a wide
/// character of its own.
final class EmojiSequenceTests: XCTestCase {
    func testZWJSequenceTakesTwoCellsPerEmoji() {
        let t = Terminal(columns: 20, rows: 2)
        t.feed("👨\u{200D}👩\u{200D}👧|")
        assertCursor(t, 0, 7)
    }

    func testSkinToneModifierIsItsOwnWideCharacter() {
        let t = Terminal(columns: 20, rows: 2)
        t.feed("👍🏽|")
        assertCursor(t, 0, 5)
        XCTAssertEqual(t.cell(0, 2).width, 2)
    }
}
