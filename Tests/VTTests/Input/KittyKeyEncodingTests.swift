import XCTest
import VT

/// The kitty keyboard protocol's encodings, for every one of the 32 flag combinations, from the
/// rules and tables of kitty's specification ("Disambiguate escape codes", "Report event
/// types", "Report alternate keys", "Report all keys as escape codes", "Report associated
/// text", the functional key table, the legacy text keys and C0 controls tables).
final class KittyKeyEncodingTests: XCTestCase {
    private typealias F = KittyKeyboardFlags

    private func encoder(_ flags: F, cursorKeys: Bool = false) -> InputEncoder {
        let terminal = Terminal(columns: 20, rows: 5)
        terminal.feed("\u{1B}[>\(flags.rawValue)u" + (cursorKeys ? "\u{1B}[?1h" : ""))
        return InputEncoder(modes: terminal.modes)
    }

    /// Checks `event` under all 32 flag combinations against `expected` (ESC written `^[`).
    private func check(_ event: KeyEvent, _ label: String, cursorKeys: Bool = false,
                       _ expected: (F) -> String, line: UInt = #line) {
        for raw in UInt8(0)...31 {
            let flags = F(rawValue: raw)
            let got = String(decoding: encoder(flags, cursorKeys: cursorKeys).encode(event), as: UTF8.self)
                .replacingOccurrences(of: "\u{1B}", with: "^[")
            XCTAssertEqual(got, expected(flags), "\(label) with flags \(raw)", line: line)
        }
    }

    private func check(text: String, _ expected: (F) -> String, line: UInt = #line) {
        for raw in UInt8(0)...31 {
            let flags = F(rawValue: raw)
            let got = String(decoding: encoder(flags).encode(.text(text)), as: UTF8.self)
                .replacingOccurrences(of: "\u{1B}", with: "^[")
            XCTAssertEqual(got, expected(flags), "text \(text) with flags \(raw)", line: line)
        }
    }

    private static func escapeCoded(_ f: F) -> Bool { f.contains(.disambiguate) || f.contains(.reportAllKeys) }
    /// kitty's legacy mode for functional keys: none of disambiguate, event types, all keys.
    private static func legacy(_ f: F) -> Bool { !escapeCoded(f) && !f.contains(.reportEventTypes) }

    func testEnterTabBackspaceAndEscape() {
        check(KeyEvent(.enter, .shift), "shift+Enter") { Self.legacy($0) ? "\r" : "^[[13;2u" }
        check(KeyEvent(.enter), "Enter") { $0.contains(.reportAllKeys) ? "^[[13u" : "\r" }
        check(KeyEvent(.enter, .numLock), "numlock Enter") { $0.contains(.reportAllKeys) ? "^[[13;129u" : "\r" }
        check(KeyEvent(.enter, type: .release), "Enter release") {
            $0.contains(.reportEventTypes) && $0.contains(.reportAllKeys) ? "^[[13;1:3u" : ""
        }
        check(KeyEvent(.enter, [.control, .alt]), "ctrl+alt+Enter") { Self.legacy($0) ? "^[\r" : "^[[13;7u" }
        check(KeyEvent(.tab, .shift), "shift+Tab") { Self.legacy($0) ? "^[[Z" : "^[[9;2u" }
        check(KeyEvent(.tab, [.control]), "ctrl+Tab") { Self.legacy($0) ? "\t" : "^[[9;5u" }
        check(KeyEvent(.backspace, .control), "ctrl+Backspace") { Self.legacy($0) ? "\u{08}" : "^[[127;5u" }
        check(KeyEvent(.backspace, .alt), "alt+Backspace") { Self.legacy($0) ? "^[\u{7F}" : "^[[127;3u" }
        check(KeyEvent(.escape), "Escape") { Self.escapeCoded($0) ? "^[[27u" : "^[" }
        check(KeyEvent(.escape, .shift), "shift+Escape") { Self.legacy($0) ? "^[" : "^[[27;2u" }
    }

    func testTextKeys() {
        check(KeyEvent(.character("a")), "a") {
            guard $0.contains(.reportAllKeys) else { return "a" }
            return $0.contains(.reportAssociatedText) ? "^[[97;;97u" : "^[[97u"
        }
        check(KeyEvent(.character("a"), .shift), "shift+a") {
            guard $0.contains(.reportAllKeys) else { return "A" }
            return "^[[97" + ($0.contains(.reportAlternateKeys) ? ":65" : "") + ";2"
                + ($0.contains(.reportAssociatedText) ? ";65" : "") + "u"
        }
        check(KeyEvent(.character("1"), .shift), "shift+1") {
            guard $0.contains(.reportAllKeys) else { return "!" }
            return "^[[49" + ($0.contains(.reportAlternateKeys) ? ":33" : "") + ";2"
                + ($0.contains(.reportAssociatedText) ? ";33" : "") + "u"
        }
        check(KeyEvent(.character("a"), .control), "ctrl+a") { Self.escapeCoded($0) ? "^[[97;5u" : "\u{01}" }
        check(KeyEvent(.character("i"), .control), "ctrl+i") { Self.escapeCoded($0) ? "^[[105;5u" : "\t" }
        check(KeyEvent(.character("a"), .alt), "alt+a") { Self.escapeCoded($0) ? "^[[97;3u" : "^[a" }
        check(KeyEvent(.character("a"), [.control, .alt]), "ctrl+alt+a") { Self.escapeCoded($0) ? "^[[97;7u" : "^[\u{01}" }
        check(KeyEvent(.character(" "), .control), "ctrl+space") { Self.escapeCoded($0) ? "^[[32;5u" : "\u{00}" }
        // The spec's example: ctrl+shift+i is `CSI 105;6u` even without disambiguation.
        check(KeyEvent(.character("i"), [.control, .shift]), "ctrl+shift+i") {
            $0.isEmpty ? "\t" : "^[[105" + ($0.contains(.reportAlternateKeys) ? ":73" : "") + ";6u"
        }
        check(KeyEvent(.character("a"), .super), "super+a") { $0.isEmpty ? "^[a" : "^[[97;9u" }   // xterm's Meta
        check(KeyEvent(.character("a"), [.control, .capsLock]), "capslock ctrl+a") {
            $0.isEmpty ? "\u{01}" : "^[[97;69u"
        }
        check(KeyEvent(.character("a"), type: .release), "a release") {
            $0.contains(.reportEventTypes) ? "^[[97;1:3u" : ""
        }
        check(KeyEvent(.character("a"), .control, type: .repeat), "ctrl+a repeat") {
            if $0.contains(.reportEventTypes) { return "^[[97;5:2u" }
            return Self.escapeCoded($0) ? "^[[97;5u" : "\u{01}"
        }
    }

    func testAlternateAndBaseLayoutKeys() {
        let cyrillic = KeyEvent(.character("с"), .control, baseLayoutKey: "c")   // U+0441 where c is
        check(cyrillic, "ctrl+с") {
            if $0.contains(.reportAlternateKeys) { return "^[[1089::99;5u" }
            if $0.isEmpty { return "с" }
            // kitty's legacy fallback sends the base layout's ctrl+c while nothing asks for CSI u.
            return Self.escapeCoded($0) ? "^[[1089;5u" : "\u{03}"
        }
        let altCyrillic = KeyEvent(.character("с"), .alt, baseLayoutKey: "c")
        check(altCyrillic, "alt+с") {
            if $0.contains(.reportAlternateKeys) { return "^[[1089::99;3u" }
            if $0.isEmpty { return "^[с" }
            return Self.escapeCoded($0) ? "^[[1089;3u" : "^[c"
        }
        // A layout's own shifted key is what legacy shift+alt sends (a UK layout's shift+2 is ").
        let uk = KeyEvent(.character("2"), [.alt, .shift], shiftedKey: "\"")
        XCTAssertEqual(encoder([.reportEventTypes]).encode(uk), Array("\u{1B}\"".utf8))
        XCTAssertEqual(encoder([.reportAlternateKeys]).encode(uk), Array("\u{1B}[50:34;4u".utf8))
    }

    func testFunctionalKeys() {
        check(KeyEvent(.up), "up") { _ in "^[[A" }
        check(KeyEvent(.up), "up in cursor key mode", cursorKeys: true) { Self.legacy($0) ? "^[OA" : "^[[A" }
        check(KeyEvent(.up, .control), "ctrl+up") { _ in "^[[1;5A" }
        check(KeyEvent(.up, type: .repeat), "up repeat") { $0.contains(.reportEventTypes) ? "^[[1;1:2A" : "^[[A" }
        check(KeyEvent(.up, type: .release), "up release") { $0.contains(.reportEventTypes) ? "^[[1;1:3A" : "" }
        check(KeyEvent(.function(3)), "F3") { Self.legacy($0) ? "^[OR" : "^[[13~" }
        check(KeyEvent(.function(1), .shift), "shift+F1") { _ in "^[[1;2P" }
        check(KeyEvent(.function(5), .control), "ctrl+F5") { _ in "^[[15;5~" }
        check(KeyEvent(.function(13)), "F13") { $0.isEmpty ? "^[[1;2P" : "^[[57376u" }
        check(KeyEvent(.function(24), .alt), "alt+F24") { $0.isEmpty ? "^[[24;4~" : "^[[57387;3u" }
        check(KeyEvent(.pageUp, .shift), "shift+PageUp") { _ in "^[[5;2~" }
        check(KeyEvent(.delete), "Delete") { _ in "^[[3~" }
        check(KeyEvent(.home), "Home") { _ in "^[[H" }
        check(KeyEvent(.end, .shift), "shift+End") { _ in "^[[1;2F" }
        check(KeyEvent(.insert, .hyper), "hyper+Insert") { $0.isEmpty ? "^[[2;9~" : "^[[2;17~" }
    }

    func testKeypad() {
        check(KeyEvent(.keypad("1")), "KP_1") {
            guard $0.contains(.reportAllKeys) else { return "1" }
            return $0.contains(.reportAssociatedText) ? "^[[57400;;49u" : "^[[57400u"
        }
        check(KeyEvent(.keypad("\r")), "KP_Enter") {
            if Self.escapeCoded($0) { return "^[[57414u" }
            return "\r"
        }
        check(KeyEvent(.keypad("1"), .shift), "shift+KP_1") { f in
            guard Self.escapeCoded(f) else { return "1" }   // its text is the keypad's, not shift+1's
            return f.contains(.reportAllKeys) ? "^[[57400;2" + (f.contains(.reportAssociatedText) ? ";49" : "") + "u" : "1"
        }
        // Without disambiguation it is the main keyboard's +, which Ctrl leaves as it is.
        check(KeyEvent(.keypad("+"), .control), "ctrl+KP_Add") { Self.escapeCoded($0) ? "^[[57413;5u" : "+" }
    }

    func testModifierKeysOnlyUnderReportAllKeys() {
        check(KeyEvent(.modifier(.leftShift)), "left shift") { $0.contains(.reportAllKeys) ? "^[[57441;2u" : "" }
        check(KeyEvent(.modifier(.leftShift), type: .release), "left shift release") {
            $0.contains(.reportAllKeys) && $0.contains(.reportEventTypes) ? "^[[57441;1:3u" : ""
        }
        check(KeyEvent(.modifier(.rightControl), .shift), "right ctrl with shift") {
            $0.contains(.reportAllKeys) ? "^[[57448;6u" : ""
        }
        check(KeyEvent(.modifier(.capsLock)), "caps lock") { $0.contains(.reportAllKeys) ? "^[[57358u" : "" }
    }

    func testTypedTextUnderReportAllKeys() {
        check(text: "xA") {
            guard $0.contains(.reportAllKeys) else { return "xA" }
            let t = $0.contains(.reportAssociatedText), a = $0.contains(.reportAlternateKeys)
            return (t ? "^[[120;;120u" : "^[[120u") + "^[[97" + (a ? ":65" : "") + ";2" + (t ? ";65" : "") + "u"
        }
    }

    func testTheAcceptanceCases() {
        let t = Terminal(columns: 20, rows: 5)
        t.feed("\u{1B}[>1u")
        XCTAssertEqual(InputEncoder(modes: t.modes).encode(.key(.enter, .shift)), Array("\u{1B}[13;2u".utf8))
        t.feed("\u{1B}[>7u")
        XCTAssertEqual(InputEncoder(modes: t.modes).encode(.key(.character("i"), .control)), Array("\u{1B}[105;5u".utf8))
        t.feed("\u{1B}[<u\u{1B}[<u")
        XCTAssertEqual(InputEncoder(modes: t.modes).encode(.key(.enter, .shift)), [0x0D])
    }

    func testAnAlternateScreenProgramsFlagsApplyOnlyWhileItShows() {
        let t = Terminal(columns: 20, rows: 5)
        t.feed("\u{1B}[?1049h\u{1B}[>1u")
        XCTAssertEqual(InputEncoder(modes: t.modes).encode(.key(.escape, [])), Array("\u{1B}[27u".utf8))
        t.feed("\u{1B}[?1049l")
        XCTAssertEqual(InputEncoder(modes: t.modes).encode(.key(.escape, [])), [0x1B])
    }
}
