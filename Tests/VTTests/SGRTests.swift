import XCTest
@testable import VT

final class SGRTests: XCTestCase {
    private func attributes(after sgr: String) -> Attributes {
        let t = Terminal(columns: 5, rows: 1)
        t.feed("\(CSI)\(sgr)mx")
        return t.cell(0, 0).attributes
    }

    func testRenditionFlags() {
        let a = attributes(after: "1;2;3;5;6;7;8;9;53")
        XCTAssertEqual(a.flags, [.bold, .faint, .italic, .blink, .rapidBlink, .inverse, .hidden, .strikethrough, .overline])
        XCTAssertEqual(attributes(after: "1;2;22").flags, [])
        XCTAssertEqual(attributes(after: "3;23").flags, [])
        XCTAssertEqual(attributes(after: "5;6;25").flags, [])
        XCTAssertEqual(attributes(after: "7;27;8;28;9;29;53;55").flags, [])
    }

    func testUnderlineStyles() {
        XCTAssertEqual(attributes(after: "4").underline, .single)
        XCTAssertEqual(attributes(after: "21").underline, .double)
        XCTAssertEqual(attributes(after: "4:3").underline, .curly)
        XCTAssertEqual(attributes(after: "4:4").underline, .dotted)
        XCTAssertEqual(attributes(after: "4:5").underline, .dashed)
        XCTAssertEqual(attributes(after: "4:2").underline, .double)
        XCTAssertEqual(attributes(after: "4:0").underline, .none)
        XCTAssertEqual(attributes(after: "4;24").underline, .none)
        // A ';' after 4 is a new parameter, not a style.
        let a = attributes(after: "4;3")
        XCTAssertEqual(a.underline, .single)
        XCTAssertTrue(a.flags.contains(.italic))
    }

    func testBasicAndBrightColors() {
        XCTAssertEqual(attributes(after: "31").foreground, .indexed(1))
        XCTAssertEqual(attributes(after: "47").background, .indexed(7))
        XCTAssertEqual(attributes(after: "92").foreground, .indexed(10))
        XCTAssertEqual(attributes(after: "105").background, .indexed(13))
        XCTAssertEqual(attributes(after: "31;39").foreground, .default)
        XCTAssertEqual(attributes(after: "41;49").background, .default)
    }

    func testIndexedColorsInBothForms() {
        XCTAssertEqual(attributes(after: "38;5;208").foreground, .indexed(208))
        XCTAssertEqual(attributes(after: "48:5:17").background, .indexed(17))
    }

    func testTruecolorInAllForms() {
        XCTAssertEqual(attributes(after: "38;2;1;2;3").foreground, .rgb(1, 2, 3))
        XCTAssertEqual(attributes(after: "38:2::4:5:6").foreground, .rgb(4, 5, 6))
        XCTAssertEqual(attributes(after: "48:2:7:8:9").background, .rgb(7, 8, 9))
        XCTAssertEqual(attributes(after: "48:2:0:10:11:12").background, .rgb(10, 11, 12))
    }

    func testParametersAfterAnExtendedColorStillApply() {
        let a = attributes(after: "38;2;1;2;3;1;48;5;4;4")
        XCTAssertEqual(a.foreground, .rgb(1, 2, 3))
        XCTAssertEqual(a.background, .indexed(4))
        XCTAssertTrue(a.flags.contains(.bold))
        XCTAssertEqual(a.underline, .single)
        let b = attributes(after: "38:5:1;3")
        XCTAssertEqual(b.foreground, .indexed(1))
        XCTAssertTrue(b.flags.contains(.italic))
    }

    func testUnderlineColor() {
        XCTAssertEqual(attributes(after: "58:2::9:8:7").underlineColor, .rgb(9, 8, 7))
        XCTAssertEqual(attributes(after: "58;5;100").underlineColor, .indexed(100))
        XCTAssertEqual(attributes(after: "58;5;100;59").underlineColor, .default)
    }

    func testResetClearsEverything() {
        XCTAssertEqual(attributes(after: "1;4;31;44;0"), .plain)
        XCTAssertEqual(attributes(after: "1;4;31;44m\(CSI)"), .plain)
    }

    func testMalformedExtendedColorIsIgnored() {
        XCTAssertEqual(attributes(after: "38;5").foreground, .default)
        XCTAssertEqual(attributes(after: "38;2;1;2").foreground, .default)
        XCTAssertEqual(attributes(after: "38;9;1").foreground, .default)
    }

    func testManyTruecolorStylesStayCorrectAcrossTableCompaction() {
        let t = Terminal(columns: 10, rows: 2, scrollbackLimit: 0)
        for i in 0..<70_000 {
            t.feed("\(CSI)1;1H\(CSI)38;2;\(i & 255);\((i >> 8) & 255);\((i >> 16) & 255)mx")
        }
        t.feed("\(CSI)2;1H\(CSI)38;2;9;9;9my")
        XCTAssertEqual(t.cell(0, 0).attributes.foreground, .rgb(UInt8(69_999 & 255), UInt8((69_999 >> 8) & 255), 1))
        XCTAssertEqual(t.cell(1, 0).attributes.foreground, .rgb(9, 9, 9))
    }
}
