import XCTest
import VT
@testable import Render

final class SGRAndSanitizerTests: XCTestCase {
    func sgr(_ from: Attributes, _ to: Attributes, truecolor: Bool = true) -> String {
        SGREncoder.transition(from: from, to: to, truecolor: truecolor).escaped
    }

    func testResetIsChosenWhenShorterThanTheChanges() {
        var busy = Attributes.plain
        busy.flags = [.bold, .italic]
        busy.underline = .single
        busy.foreground = .indexed(1)
        var faint = Attributes.plain
        faint.flags = .faint
        XCTAssertEqual(sgr(busy, faint), "⎋[0;2m")
        XCTAssertEqual(sgr(busy, .plain), "⎋[m")
    }

    func testSingleChangesAreIncremental() {
        var bold = Attributes.plain
        bold.flags = .bold
        var boldItalic = bold
        boldItalic.flags.insert(.italic)
        XCTAssertEqual(sgr(bold, boldItalic), "⎋[3m")
        XCTAssertEqual(sgr(bold, bold), "")
    }

    func testRemovingBoldKeepsFaint() {
        var both = Attributes.plain
        both.flags = [.bold, .faint, .italic, .inverse]
        var faint = both
        faint.flags.remove(.bold)
        XCTAssertEqual(sgr(both, faint), "⎋[22;2m")
    }

    func testNumbersAreWrittenInDecimalAtEveryLength() {
        for value in [0, 7, 10, 42, 99, 100, 255, 999, 1000, 1005, 65_535, 1_234_567] {
            var bytes: [UInt8] = []
            bytes.appendNumber(value)
            XCTAssertEqual(String(decoding: bytes, as: UTF8.self), String(value))
        }
    }

    func testColourChangesAreIncrementalUnlessAColourReturnsToTheDefault() {
        var cell = Attributes.plain
        cell.flags = [.bold, .italic]
        cell.underline = .single
        cell.foreground = .indexed(242)
        cell.background = .indexed(252)
        var next = cell
        next.foreground = .indexed(18)
        next.background = .indexed(241)
        XCTAssertEqual(sgr(cell, next), "⎋[38;5;18;48;5;241m", "a flood of coloured cells")
        next.background = cell.background
        XCTAssertEqual(sgr(cell, next), "⎋[38;5;18m")
        var bold = Attributes.plain
        bold.flags = .bold
        var coloured = bold
        coloured.foreground = .indexed(200)
        coloured.background = .indexed(100)
        XCTAssertEqual(sgr(coloured, bold), "⎋[0;1m", "39;49 is longer than 0;1")
        var defaultForeground = coloured
        defaultForeground.foreground = .default
        XCTAssertEqual(sgr(coloured, defaultForeground), "⎋[39m", "39 is shorter than 0;1;48;5;100")
    }

    func testColourForms() {
        var a = Attributes.plain
        a.foreground = .indexed(9)
        a.background = .indexed(200)
        a.underline = .curly
        a.underlineColor = .rgb(1, 2, 3)
        XCTAssertEqual(sgr(.plain, a), "⎋[4:3;91;48;5;200;58:2::1:2:3m")
    }

    func testDowngradeMapsToCubeAndGreyRamp() {
        XCTAssertEqual(ColorDowngrade.paletteIndex(red: 255, green: 0, blue: 0), 196)
        XCTAssertEqual(ColorDowngrade.paletteIndex(red: 0, green: 0, blue: 0), 16)
        XCTAssertEqual(ColorDowngrade.paletteIndex(red: 255, green: 255, blue: 255), 231)
        XCTAssertEqual(ColorDowngrade.paletteIndex(red: 128, green: 128, blue: 128), 244)
        XCTAssertEqual(ColorDowngrade.paletteIndex(red: 95, green: 135, blue: 175), 67)
        XCTAssertEqual(ColorDowngrade.adapt(.indexed(3), truecolor: false), .indexed(3))
    }

    func testRGBColoursThatDowngradeAlikeNeedNoChange() {
        var a = Attributes.plain
        a.foreground = .rgb(255, 0, 0)
        var b = Attributes.plain
        b.foreground = .rgb(250, 2, 1)
        XCTAssertEqual(sgr(a, b, truecolor: false), "")
        XCTAssertNotEqual(sgr(a, b, truecolor: true), "")
    }

    func testCapabilitiesFollowCOLORTERM() {
        XCTAssertTrue(ConsoleCapabilities.detect(environment: ["COLORTERM": "truecolor"]).truecolor)
        XCTAssertTrue(ConsoleCapabilities.detect(environment: ["COLORTERM": "24bit"]).truecolor)
        XCTAssertFalse(ConsoleCapabilities.detect(environment: ["COLORTERM": "yes"]).truecolor)
        XCTAssertFalse(ConsoleCapabilities.detect(environment: [:]).truecolor)
    }

    func testTitleLosesControlsAndIsBounded() {
        XCTAssertEqual(TextSanitizer.title("ok\u{07}\u{1B}\\\u{85}\u{7F}done"), "ok\\done")
        let long = String(repeating: "é", count: 1000)
        XCTAssertEqual(TextSanitizer.title(long).unicodeScalars.count, TextSanitizer.maximumTitleLength)
    }

    func testURIsMustBePrintableASCII() {
        XCTAssertEqual(TextSanitizer.uri("https://a.example/x?y=1"), "https://a.example/x?y=1")
        XCTAssertNil(TextSanitizer.uri("https://a.example/\u{1B}]0;x"))
        XCTAssertNil(TextSanitizer.uri("https://a.example/ space"))
        XCTAssertNil(TextSanitizer.uri(String(repeating: "a", count: 5000)))
    }
}
