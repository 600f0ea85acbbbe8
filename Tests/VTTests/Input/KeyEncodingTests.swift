import XCTest
import VT

final class KeyEncodingTests: XCTestCase {
    private func bytes(_ key: Key, _ mods: KeyModifiers = [], _ configure: (inout TerminalModes) -> Void = { _ in }) -> String {
        var modes = TerminalModes()
        configure(&modes)
        return String(decoding: InputEncoder(modes: modes).encode(.key(key, mods)), as: UTF8.self)
    }

    func testCursorKeysFollowDECCKM() {
        XCTAssertEqual(bytes(.up), "\u{1B}[A")
        XCTAssertEqual(bytes(.left), "\u{1B}[D")
        XCTAssertEqual(bytes(.up) { $0.applicationCursorKeys = true }, "\u{1B}OA")
        XCTAssertEqual(bytes(.right) { $0.applicationCursorKeys = true }, "\u{1B}OC")
    }

    func testModifiedCursorKeysUseCSIOneSemicolonModifierEvenInApplicationMode() {
        XCTAssertEqual(bytes(.up, .shift), "\u{1B}[1;2A")
        XCTAssertEqual(bytes(.down, [.control, .shift]) { $0.applicationCursorKeys = true }, "\u{1B}[1;6B")
        XCTAssertEqual(bytes(.left, .alt), "\u{1B}[1;3D")
    }

    func testShiftTypesTheUSLayoutsCharacterAndSuperHyperMetaAreXtermsMeta() {
        XCTAssertEqual(bytes(.character("a"), .shift), "A")
        XCTAssertEqual(bytes(.character("1"), .shift), "!")
        XCTAssertEqual(bytes(.character("a"), [.shift, .alt]), "\u{1B}A")
        XCTAssertEqual(bytes(.character("a"), [.shift, .control]), "\u{01}")
        XCTAssertEqual(bytes(.keypad("1"), .shift), "1")
        XCTAssertEqual(bytes(.up, .super), "\u{1B}[1;9A")
        XCTAssertEqual(bytes(.up, [.meta, .hyper]), "\u{1B}[1;9A")
        XCTAssertEqual(bytes(.character("x"), .meta), "\u{1B}x")
        XCTAssertEqual(bytes(.up, [.control, .capsLock, .numLock]), "\u{1B}[1;5A")
        XCTAssertEqual(bytes(.modifier(.leftShift)), "")
    }

    func testHomeAndEnd() {
        XCTAssertEqual(bytes(.home), "\u{1B}[H")
        XCTAssertEqual(bytes(.end), "\u{1B}[F")
        XCTAssertEqual(bytes(.end) { $0.applicationCursorKeys = true }, "\u{1B}OF")
        XCTAssertEqual(bytes(.home, .control), "\u{1B}[1;5H")
    }

    func testEditingKeysUseTildeForms() {
        XCTAssertEqual(bytes(.insert), "\u{1B}[2~")
        XCTAssertEqual(bytes(.delete), "\u{1B}[3~")
        XCTAssertEqual(bytes(.pageUp), "\u{1B}[5~")
        XCTAssertEqual(bytes(.pageDown, .shift), "\u{1B}[6;2~")
    }

    func testFunctionKeysOneToFourUseSS3UnmodifiedAndCSIWhenModified() {
        XCTAssertEqual(bytes(.function(1)), "\u{1B}OP")
        XCTAssertEqual(bytes(.function(4)), "\u{1B}OS")
        XCTAssertEqual(bytes(.function(2), .control), "\u{1B}[1;5Q")
    }

    func testFunctionKeysFiveToTwelveUseXtermCodes() {
        let expected = [5: "15", 6: "17", 7: "18", 8: "19", 9: "20", 10: "21", 11: "23", 12: "24"]
        for (n, code) in expected {
            XCTAssertEqual(bytes(.function(n)), "\u{1B}[\(code)~", "F\(n)")
        }
        XCTAssertEqual(bytes(.function(5), .shift), "\u{1B}[15;2~")
        XCTAssertEqual(bytes(.function(12), [.shift, .alt, .control]), "\u{1B}[24;8~")
    }

    func testFunctionKeysThirteenToTwentyFourAreShiftedOneToTwelve() {
        XCTAssertEqual(bytes(.function(13)), "\u{1B}[1;2P")
        XCTAssertEqual(bytes(.function(17)), "\u{1B}[15;2~")
        XCTAssertEqual(bytes(.function(24), .control), "\u{1B}[24;6~")
        XCTAssertEqual(bytes(.function(25)), "")
    }

    func testAltPrefixesEscape() {
        XCTAssertEqual(bytes(.character("x"), .alt), "\u{1B}x")
        XCTAssertEqual(bytes(.backspace, .alt), "\u{1B}\u{7F}")
        XCTAssertEqual(bytes(.character("b"), [.alt, .control]), "\u{1B}\u{02}")
    }

    func testControlCombinations() {
        XCTAssertEqual(bytes(.character("a"), .control), "\u{01}")
        XCTAssertEqual(bytes(.character("Z"), .control), "\u{1A}")
        XCTAssertEqual(bytes(.character(" "), .control), "\u{00}")
        XCTAssertEqual(bytes(.character("["), .control), "\u{1B}")
        XCTAssertEqual(bytes(.character("\\"), .control), "\u{1C}")
        XCTAssertEqual(bytes(.character("]"), .control), "\u{1D}")
        XCTAssertEqual(bytes(.character("^"), .control), "\u{1E}")
        XCTAssertEqual(bytes(.character("_"), .control), "\u{1F}")
        XCTAssertEqual(bytes(.character("é"), .control), "é")
        // What X's lookup makes of the shifted keysym, as xterm sends it (XtermKeys.tsv, mok1 rows).
        XCTAssertEqual(bytes(.character("`"), .control), "\u{00}")
        XCTAssertEqual(bytes(.character("`"), [.control, .shift]), "\u{1E}")
        XCTAssertEqual(bytes(.character("-"), [.control, .shift]), "\u{1F}")
        XCTAssertEqual(bytes(.character("/"), [.control, .shift]), "\u{7F}")
        XCTAssertEqual(bytes(.character("1"), [.control, .shift]), "!")
    }

    func testBackspaceDeleteEnterAndTab() {
        XCTAssertEqual(bytes(.backspace), "\u{7F}")
        XCTAssertEqual(bytes(.enter), "\r")
        XCTAssertEqual(bytes(.enter) { $0.newLine = true }, "\r\n")
        XCTAssertEqual(bytes(.tab), "\t")
        XCTAssertEqual(bytes(.tab, .shift), "\u{1B}[Z")
        XCTAssertEqual(bytes(.escape), "\u{1B}")
    }

    func testKeypadSendsCharactersUnlessApplicationKeypad() {
        XCTAssertEqual(bytes(.keypad("5")), "5")
        XCTAssertEqual(bytes(.keypad("\r")), "\r")
        XCTAssertEqual(bytes(.keypad("5")) { $0.applicationKeypad = true }, "\u{1B}Ou")
        XCTAssertEqual(bytes(.keypad("0")) { $0.applicationKeypad = true }, "\u{1B}Op")
        XCTAssertEqual(bytes(.keypad("\r")) { $0.applicationKeypad = true }, "\u{1B}OM")
        XCTAssertEqual(bytes(.keypad("+")) { $0.applicationKeypad = true }, "\u{1B}Ok")
        XCTAssertEqual(bytes(.keypad("/")) { $0.applicationKeypad = true }, "\u{1B}Oo")
    }

    func testTypedTextIsUTF8() {
        let out = InputEncoder(modes: TerminalModes()).encode(.text("hé中"))
        XCTAssertEqual(out, Array("hé中".utf8))
    }
}
