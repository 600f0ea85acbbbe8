import XCTest
import VT
@testable import Console

/// `--prefix KEY`: what parses, what is refused and why, and that the chosen key is the one
/// the handler and every help line use.
final class PrefixKeyTests: XCTestCase {
    func testCtrlLettersAndControlSymbolsParse() throws {
        XCTAssertEqual(try PrefixKey(parsing: "ctrl+a").name, "ctrl+a")
        XCTAssertEqual(try PrefixKey(parsing: "C-B").name, "ctrl+b")
        XCTAssertEqual(try PrefixKey(parsing: "^A").name, "ctrl+a")
        XCTAssertEqual(try PrefixKey(parsing: " Ctrl+] ").name, "ctrl+]")
        XCTAssertEqual(try PrefixKey(parsing: "ctrl+\\").event, .key(.character("\\"), .control))
        XCTAssertEqual(try PrefixKey(parsing: "ctrl+]"), PrefixKey.standard)
    }

    func testOtherKeysAreRefusedWithTheChoices() {
        for (text, expected) in [("a", "'a' is not a prefix key"), ("ctrl+ab", "is not a prefix key"),
                                 ("alt+a", "is not a prefix key"), ("ctrl+;", "is not a prefix key"),
                                 ("ctrl+[", "ctrl+[ is the Escape key"), ("ctrl+m", "same byte for it as for the Enter key"),
                                 ("ctrl+i", "as for the Tab key"), ("", "is not a prefix key")] {
            XCTAssertThrowsError(try PrefixKey(parsing: text), text) { error in
                let message = "\(error)"
                XCTAssertTrue(message.contains(expected), message)
                XCTAssertTrue(message.contains("ctrl+a … ctrl+z"), message)
            }
        }
    }

    func testTheKeyInUseDrivesTheHandlerAndTheHelp() throws {
        let key = try PrefixKey(parsing: "ctrl+a")
        PrefixKey.use(key)
        defer { PrefixKey.use(.standard) }
        var handler = PrefixKeyHandler()
        var decoder = LocalInputDecoder()
        XCTAssertEqual(handler.handle(decoder.decode([0x01, UInt8(ascii: "d")])), [.command(.detach)])
        XCTAssertEqual(handler.handle(decoder.decode(Array("\u{1B}[97;5ud".utf8))), [.command(.detach)])
        XCTAssertEqual(handler.handle(decoder.decode([0x1D])), [.forward(.key(.character("]"), .control))],
                       "ctrl+] goes to the host")
        XCTAssertTrue(PrefixKeyHandler.helpLines.allSatisfy { $0.hasPrefix("ctrl+a ") }, "\(PrefixKeyHandler.helpLines)")
        XCTAssertEqual(PrefixKeyHandler.keys(for: .discardPending), "ctrl+a x")
        XCTAssertTrue(KeyboardMirror.noProtocolNote.contains("ctrl+a Enter"))
    }

    /// Each prefix arrives as its control byte from a legacy terminal, and as kitty
    /// (`CSI 54;6u`: the unshifted key and Shift, on a US layout) or xterm (`CSI 27;6;94~`: the
    /// character and Shift) report the keys typed with Shift; Caps Lock and Num Lock never count.
    func testEveryPrefixIsRecognisedInEveryKeyboardMode() throws {
        let forms: [(String, [String])] = [
            ("ctrl+]", ["\u{1D}", "\u{1B}[93;5u", "\u{1B}[27;5;93~", "\u{1B}[93;69u", "\u{1B}[27;133;93~"]),
            ("ctrl+\\", ["\u{1C}", "\u{1B}[92;5u", "\u{1B}[27;5;92~"]),
            ("ctrl+^", ["\u{1E}", "\u{1B}[54;6u", "\u{1B}[94;5u", "\u{1B}[27;6;94~", "\u{1B}[54;70u"]),
            ("ctrl+_", ["\u{1F}", "\u{1B}[45;6u", "\u{1B}[95;5u", "\u{1B}[27;6;95~"]),
            ("ctrl+@", ["\u{0}", "\u{1B}[50;6u", "\u{1B}[32;5u", "\u{1B}[64;5u", "\u{1B}[27;6;64~", "\u{1B}[27;5;32~"]),
            ("ctrl+a", ["\u{1}", "\u{1B}[97;5u", "\u{1B}[97;69u", "\u{1B}[27;5;97~"]),
        ]
        for (name, inputs) in forms {
            let key = try PrefixKey(parsing: name)
            for input in inputs {
                var handler = PrefixKeyHandler(prefix: key.event)
                var decoder = LocalInputDecoder()
                XCTAssertEqual(handler.handle(decoder.decode(Array((input + "d").utf8))), [.command(.detach)],
                               "\(name) as \(input.debugDescription)")
            }
        }
        var handler = PrefixKeyHandler(prefix: try PrefixKey(parsing: "ctrl+a").event)
        var decoder = LocalInputDecoder()
        XCTAssertEqual(handler.handle(decoder.decode(Array("\u{1B}[97;6u".utf8))), [.forward(.key(.character("a"), [.control, .shift]))],
                       "Ctrl+Shift+a is another key where the terminal can say so")
    }
}
