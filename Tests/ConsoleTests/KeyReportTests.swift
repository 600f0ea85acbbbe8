import XCTest
import VT
@testable import Console

/// The local decoder reads kitty's `CSI u` and xterm's `CSI 27;m;code~` keys, and the answers
/// to the keyboard probe, whatever mode the local terminal is in.
final class KeyReportTests: XCTestCase {
    private func decode(_ text: String) -> [InputEvent] {
        var decoder = LocalInputDecoder()
        return decoder.decode(Array(text.utf8))
    }

    func testShiftEnterInBothFormsIsOneKey() {
        XCTAssertEqual(decode("\u{1B}[13;2u"), [.key(.enter, .shift)])
        XCTAssertEqual(decode("\u{1B}[27;2;13~"), [.key(.enter, .shift)])
        XCTAssertEqual(decode("\u{1B}[13;5u\u{1B}[27;5;13~"), [.key(.enter, .control), .key(.enter, .control)])
        XCTAssertEqual(decode("\u{1B}[105;5u"), [.key(.character("i"), .control)], "ctrl+i is not Tab")
        XCTAssertEqual(decode("\u{1B}[27;5;105~"), [.key(.character("i"), .control)])
        XCTAssertEqual(decode("\u{1B}[13;3u"), [.key(.enter, .alt)])
    }

    func testThePrefixArrivesInEveryForm() {
        for form in ["\u{1D}", "\u{1B}[93;5u", "\u{1B}[27;5;93~", "\u{1B}[93;69u", "\u{1B}[93;133u"] {
            var handler = PrefixKeyHandler(prefix: PrefixKeyHandler.defaultPrefix)
            XCTAssertEqual(handler.handle(decode(form + "d")), [.command(.detach)], form.debugDescription)
        }
        var handler = PrefixKeyHandler(prefix: PrefixKeyHandler.defaultPrefix)
        XCTAssertEqual(handler.handle(decode("\u{1B}[93;5u\u{1B}[13u")), [.forward(.key(.enter, .shift))],
                       "prefix then Enter sends Shift+Enter")
    }

    func testEventTypesAlternatesAndText() {
        XCTAssertEqual(decode("\u{1B}[97;5:3u"), [.keyEvent(KeyEvent(.character("a"), .control, type: .release))],
                       "a release goes on, for the host's encoder to send or drop by its mode")
        XCTAssertEqual(decode("\u{1B}[1;5:3A"), [.keyEvent(KeyEvent(.up, .control, type: .release))],
                       "and a cursor key's")
        XCTAssertEqual(decode("\u{1B}[97;5:2u"), [.keyEvent(KeyEvent(.character("a"), .control, type: .repeat))],
                       "a repeat stays one")
        XCTAssertEqual(decode("\u{1B}[97;5:1u"), [.key(.character("a"), .control)])
        XCTAssertEqual(decode("\u{1B}[97:65;6u"), [.keyEvent(KeyEvent(.character("a"), [.shift, .control], shiftedKey: "A"))],
                       "alternates do not shift the fields, and go on with the key")
        XCTAssertEqual(decode("\u{1B}[55;2;47u"), [.text("/")], "flag 16's text wins over a US layout's guess")
        XCTAssertEqual(decode("\u{1B}[97u"), [.text("a")])
        XCTAssertEqual(decode("\u{1B}[27u"), [.key(.escape, [])], "Escape says itself: no timeout needed")
    }

    func testKittysPrivateUseKeys() {
        XCTAssertEqual(decode("\u{1B}[57399;5u"), [.key(.keypad("0"), .control)])
        XCTAssertEqual(decode("\u{1B}[57414u"), [.key(.keypad("\r"), [])])
        XCTAssertEqual(decode("\u{1B}[57376;2u"), [.key(.function(13), .shift)])
        XCTAssertEqual(decode("\u{1B}[57441;2u"), [.key(.modifier(.leftShift), .shift)])
        XCTAssertEqual(decode("\u{1B}[57428u"), [], "media keys have no key here")
        XCTAssertEqual(decode("\u{1B}[1;9A"), [.key(.up, .super)])
        XCTAssertEqual(decode("\u{1B}[1;17A"), [.key(.up, .hyper)], "all eight modifier bits")
    }

    func testProbeAnswersAreRepliesNotKeys() {
        var decoder = LocalInputDecoder()
        let events = decoder.decode(Array("\u{1B}[?1u\u{1B}[>4;2m\u{1B}[?62;22cx".utf8))
        XCTAssertEqual(events, [.text("x")])
        XCTAssertEqual(decoder.takeReplies(), [.kittyKeyboardFlags(1), .modifyOtherKeys(2), .primaryDeviceAttributes])
        XCTAssertEqual(decoder.takeReplies(), [])
    }

    /// An answer split across reads by more than the Escape bound (a terminal across a slow
    /// link) is not typed to the host as Escape and text: `CSI ?` and `CSI >` start no key.
    func testASplitAnswerWaitsForItsEndInsteadOfBeingTyped() {
        var decoder = LocalInputDecoder()
        XCTAssertEqual(decoder.decode(Array("\u{1B}[?62".utf8)), [])
        XCTAssertEqual(decoder.flushPendingEscape(), [], "the Escape bound passed: still not keys")
        XCTAssertEqual(decoder.decode(Array(";22cx".utf8)), [.text("x")])
        XCTAssertEqual(decoder.takeReplies(), [.primaryDeviceAttributes])
        XCTAssertEqual(decoder.decode(Array("\u{1B}[>4".utf8)), [])
        XCTAssertEqual(decoder.flushPendingEscape(), [])
        XCTAssertEqual(decoder.decode(Array(";1m".utf8)), [])
        XCTAssertEqual(decoder.takeReplies(), [.modifyOtherKeys(1)])
        XCTAssertEqual(decoder.decode(Array("\u{1B}[<0;3".utf8)), [])
        XCTAssertEqual(decoder.flushPendingEscape(), [], "a mouse report's start is no key either")
        XCTAssertEqual(decoder.decode(Array(";4M".utf8)).count, 1)
        XCTAssertEqual(decoder.decode(Array("\u{1B}[".utf8)), [])
        XCTAssertEqual(decoder.flushPendingEscape(), [.key(.character("["), .alt)], "Alt+[ is still a key")
    }

    func testPasteMouseAndFocusStillDecodeBesideExtendedKeys() {
        XCTAssertEqual(decode("\u{1B}[200~a\u{1B}[13;2ub\u{1B}[201~\u{1B}[13;2u"),
                       [.paste("a\u{1B}[13;2ub"), .key(.enter, .shift)])
        XCTAssertEqual(decode("\u{1B}[<0;3;4M\u{1B}[I\u{1B}[27;2;13~\u{1B}[O").count, 4)
    }
}
