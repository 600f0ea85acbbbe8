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
}
