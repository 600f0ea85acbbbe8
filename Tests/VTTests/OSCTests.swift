import XCTest
@testable import VT

final class OSCTests: XCTestCase {
    func testTitleFromOSC0And2() {
        let t = Terminal(columns: 10, rows: 2)
        t.feed("\u{1B}]0;first\u{07}")
        XCTAssertEqual(t.title, "first")
        t.feed("\u{1B}]2;sécond\u{1B}\\")
        XCTAssertEqual(t.title, "sécond")
        XCTAssertEqual(t.frame().title, "sécond")
        t.feed("\u{1B}]1;icon only\u{07}")
        XCTAssertEqual(t.title, "sécond")
    }

    func testTitleStackPushAndPop() {
        let t = Terminal(columns: 10, rows: 2)
        t.feed("\u{1B}]2;one\u{07}\(CSI)22;0t\u{1B}]2;two\u{07}")
        XCTAssertEqual(t.title, "two")
        t.feed("\(CSI)23;0t")
        XCTAssertEqual(t.title, "one")
    }

    func testHyperlinksMarkCellsUntilClosed() {
        let t = Terminal(columns: 20, rows: 2)
        t.feed("\u{1B}]8;;https://example.com\u{1B}\\link\u{1B}]8;;\u{1B}\\ plain")
        let f = t.frame()
        XCTAssertEqual(f.links, ["https://example.com"])
        XCTAssertEqual(f[0, 0].attributes.link, 1)
        XCTAssertEqual(f[0, 3].attributes.link, 1)
        XCTAssertEqual(f[0, 4].attributes.link, 0)
        XCTAssertEqual(f[0, 5].attributes.link, 0)
    }

    func testHyperlinkSurvivesSGRReset() {
        let t = Terminal(columns: 20, rows: 2)
        t.feed("\u{1B}]8;id=1;file:///tmp\u{07}\(CSI)1ma\(CSI)0mb")
        let f = t.frame()
        XCTAssertEqual(f.links, ["file:///tmp"])
        XCTAssertEqual(f[0, 1].attributes.link, 1)
        XCTAssertFalse(f[0, 1].attributes.flags.contains(.bold))
    }

    func testSameURIReusesItsEntry() {
        let t = Terminal(columns: 20, rows: 2)
        t.feed("\u{1B}]8;;u\u{07}a\u{1B}]8;;\u{07}b\u{1B}]8;;u\u{07}c")
        let f = t.frame()
        XCTAssertEqual(f.links, ["u"])
        XCTAssertEqual(f[0, 2].attributes.link, 1)
    }

    /// xterm acts on an OSC or DCS string only when ESC is followed by `\` (XtermCorpus/strings-cut-*).
    func testStringsCutShortByEscapeAreDropped() {
        let t = Terminal(columns: 20, rows: 2)
        t.feed("\u{1B}]4;1;rgb:11/22/33\u{1B}[1mbold\u{1B}[0m")
        XCTAssertEqual(t.query("\u{1B}]4;1;?\u{1B}\\"), "\u{1B}]4;1;rgb:cdcd/0000/0000\u{1B}\\")
        XCTAssertEqual(t.lines[0], "bold")
        t.feed("\u{1B}]4;2;rgb:44/55/66\u{1B}\u{1B}\\")             // ESC ESC \ still ends it
        XCTAssertEqual(t.query("\u{1B}]4;2;?\u{1B}\\"), "\u{1B}]4;2;rgb:4444/5555/6666\u{1B}\\")
        t.feed("\u{1B}]4;3;rgb:77/88/99\u{1B}")                          // ST split across feeds
        t.feed("\\")
        XCTAssertEqual(t.query("\u{1B}]4;3;?\u{1B}\\"), "\u{1B}]4;3;rgb:7777/8888/9999\u{1B}\\")
        XCTAssertEqual(t.query("\u{1B}P$qm\u{1B}[4m\u{1B}P$qr\u{1B}\\"), "\u{1B}P1$r1;2r\u{1B}\\")
    }
}
