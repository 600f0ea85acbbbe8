import XCTest
@testable import VT

/// OSC 4/5/10–19 and their resets; expected answers are xterm 379's (XtermCorpus/colours-*).
final class ColorControlTests: XCTestCase {
    func testPaletteQueriesAnswerXtermsDefaults() {
        let t = Terminal(columns: 10, rows: 2)
        XCTAssertEqual(t.query("\u{1B}]4;1;?\u{1B}\\"), "\u{1B}]4;1;rgb:cdcd/0000/0000\u{1B}\\")
        XCTAssertEqual(t.query("\u{1B}]4;100;?;255;?\u{07}"), "\u{1B}]4;100;rgb:8787/8787/0000\u{07}\u{1B}]4;255;rgb:eeee/eeee/eeee\u{07}")
        XCTAssertEqual(t.query("\u{1B}]4;300;?\u{07}"), "")
    }

    func testPaletteSetInRGBAndHashFormsThenReset() {
        let t = Terminal(columns: 10, rows: 2)
        let specs = [("rgb:12/34/56", "1212/3434/5656"), ("rgb:1/2/3", "1111/2222/3333"), ("rgb:123/456/789", "1212/4545/7878"),
                     ("rgb:1234/5678/9abc", "1212/5656/9a9a"), ("#abc", "a0a0/b0b0/c0c0"), ("#a1b2c3", "a1a1/b2b2/c3c3"),
                     ("#abcabcabc", "abab/abab/abab"), ("#aaaabbbbcccc", "aaaa/bbbb/cccc")]
        for (spec, answer) in specs {
            XCTAssertEqual(t.query("\u{1B}]4;20;\(spec)\u{07}\u{1B}]4;20;?\u{07}"), "\u{1B}]4;20;rgb:\(answer)\u{07}", spec)
        }
        t.feed("\u{1B}]4;20;rgb:zz/00/00\u{07}\u{1B}]4;20;nonsense\u{07}")     // unusable: unchanged
        XCTAssertEqual(t.query("\u{1B}]4;20;?\u{07}"), "\u{1B}]4;20;rgb:aaaa/bbbb/cccc\u{07}")
        t.feed("\u{1B}]104;20\u{07}")
        XCTAssertEqual(t.query("\u{1B}]4;20;?\u{07}"), "\u{1B}]4;20;rgb:0000/0000/d7d7\u{07}")
    }

    func testDynamicColorsSetQueryAndReset() {
        let t = Terminal(columns: 10, rows: 2)
        t.colors = TerminalColors(foreground: RGBColor(red: 0, green: 0, blue: 0),
                                  background: RGBColor(red: 255, green: 255, blue: 255),
                                  cursor: RGBColor(red: 0, green: 0, blue: 0))
        XCTAssertEqual(t.query("\u{1B}]14;?\u{07}\u{1B}]17;?\u{07}\u{1B}]19;?\u{07}"),
                       "\u{1B}]14;rgb:ffff/ffff/ffff\u{07}\u{1B}]17;rgb:0000/0000/0000\u{07}\u{1B}]19;rgb:ffff/ffff/ffff\u{07}")
        t.feed("\u{1B}]10;#123456;#654321\u{07}")                                 // sets 10 and 11
        XCTAssertEqual(t.query("\u{1B}]10;?;?\u{07}"), "\u{1B}]10;rgb:1212/3434/5656\u{07}\u{1B}]11;rgb:6565/4343/2121\u{07}")
        t.feed("\u{1B}]110\u{07}")
        XCTAssertEqual(t.query("\u{1B}]10;?\u{07}"), "\u{1B}]10;rgb:0000/0000/0000\u{07}")
        XCTAssertEqual(t.query("\u{1B}]5;0;?\u{07}"), "\u{1B}]5;0;rgb:0000/0000/0000\u{07}")
    }
}
