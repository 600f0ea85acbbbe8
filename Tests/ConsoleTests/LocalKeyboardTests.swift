import XCTest
@testable import Console
import VT

/// The push/pop bookkeeping: what is turned on in the local terminal, and exactly what undoes it.
final class LocalKeyboardTests: XCTestCase {
    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    func testNothingChangesBeforeTheProbeEnds() {
        var keyboard = LocalKeyboard()
        keyboard.learn(.kittyKeyboardFlags(0))
        XCTAssertEqual(keyboard.transition(wanted: true), [])
        XCTAssertEqual(keyboard.undo, [])
    }

    func testKittyAnswerBeforeDA1PushesOneEntryAndPopsIt() {
        var keyboard = LocalKeyboard()
        keyboard.learn(.kittyKeyboardFlags(0))
        keyboard.learn(.primaryDeviceAttributes)
        XCTAssertEqual(keyboard.support, .kitty)
        XCTAssertEqual(text(keyboard.transition(wanted: true)), "\u{1B}[>1u")
        XCTAssertEqual(keyboard.transition(wanted: true), [], "pushed once, however often it is wanted")
        XCTAssertEqual(text(keyboard.undo), "\u{1B}[<1u")
        XCTAssertEqual(text(keyboard.transition(wanted: false)), "\u{1B}[<1u")
        XCTAssertEqual(keyboard.transition(wanted: false), [])
        XCTAssertEqual(keyboard.undo, [], "nothing left to pop")
    }

    func testAKittyAnswerAfterDA1DoesNotCount() {
        var keyboard = LocalKeyboard()
        keyboard.learn(.primaryDeviceAttributes)
        keyboard.learn(.kittyKeyboardFlags(0))
        XCTAssertEqual(keyboard.support, LocalKeyboard.Support.none)
        XCTAssertEqual(text(keyboard.transition(wanted: true)), "\u{1B}[>4;2m", "modifyOtherKeys is still asked for")
        XCTAssertEqual(text(keyboard.undo), "\u{1B}[>4m")
    }

    func testModifyOtherKeysIsPutBackToWhatTheTerminalSaid() {
        var keyboard = LocalKeyboard()
        keyboard.learn(.modifyOtherKeys(1))
        keyboard.learn(.primaryDeviceAttributes)
        XCTAssertEqual(keyboard.support, .modifyOtherKeys(previous: 1))
        XCTAssertEqual(text(keyboard.transition(wanted: true)), "\u{1B}[>4;2m")
        XCTAssertEqual(text(keyboard.transition(wanted: false)), "\u{1B}[>4;1m")
    }

    func testASilentTerminalIsSettledByTheBoundAndASlowOneLater() {
        var keyboard = LocalKeyboard()
        keyboard.probeEnded()
        XCTAssertEqual(keyboard.support, LocalKeyboard.Support.none)
        XCTAssertEqual(String(decoding: keyboard.transition(wanted: true), as: UTF8.self), "\u{1B}[>4;2m")
        keyboard.learn(.kittyKeyboardFlags(0))
        keyboard.learn(.primaryDeviceAttributes)
        XCTAssertEqual(keyboard.support, .kitty, "a slow kitty's answers still count")
        XCTAssertEqual(String(decoding: keyboard.transition(wanted: true), as: UTF8.self), "\u{1B}[>4m\u{1B}[>1u",
                       "modifyOtherKeys reset, kitty flags pushed")
        keyboard.learn(.modifyOtherKeys(2))
        keyboard.learn(.primaryDeviceAttributes)
        XCTAssertEqual(keyboard.support, .kitty, "after DA1 nothing is an answer")
    }

    func testTheProbeLeadsTheNextBytesOnceAndTheNoteIsDueOnce() {
        var keyboard = LocalKeyboard()
        keyboard.sendProbe()
        XCTAssertEqual(keyboard.takeBytes(wanted: true), ConsoleSequences.keyboardProbe, "nothing is turned on before the answers")
        XCTAssertEqual(keyboard.takeBytes(wanted: true), [])
        XCTAssertFalse(keyboard.noteDue(wanted: true), "no note while the probe is open")
        keyboard.learn(.primaryDeviceAttributes)
        XCTAssertFalse(keyboard.noteDue(wanted: false))
        XCTAssertTrue(keyboard.noteDue(wanted: true))
        XCTAssertFalse(keyboard.noteDue(wanted: true), "said once")
        XCTAssertEqual(text(keyboard.takeBytes(wanted: true)), "\u{1B}[>4;2m")
    }

    func testThePushFollowsTheHostsFlagsAndOnePopUndoesIt() {
        var keyboard = LocalKeyboard()
        keyboard.learn(.kittyKeyboardFlags(0))
        keyboard.learn(.primaryDeviceAttributes)
        XCTAssertEqual(text(keyboard.transition(wanted: true, kittyFlags: 9)), "\u{1B}[>9u", "the host's own flags")
        XCTAssertEqual(keyboard.transition(wanted: true, kittyFlags: 9), [])
        XCTAssertEqual(text(keyboard.transition(wanted: true, kittyFlags: 5)), "\u{1B}[=5;1u",
                       "new flags replace the pushed entry: the stack stays one deep")
        XCTAssertEqual(text(keyboard.transition(wanted: true, kittyFlags: 64 | 31)), "\u{1B}[=31;1u",
                       "bits Drover does not decode are not asked for")
        XCTAssertEqual(text(keyboard.transition(wanted: true, kittyFlags: 0)), "\u{1B}[=1;1u",
                       "a modifyOtherKeys host: disambiguate only")
        XCTAssertEqual(keyboard.mode, .kittyFlags(1))
        XCTAssertEqual(text(keyboard.undo), "\u{1B}[<1u")
        XCTAssertEqual(text(keyboard.transition(wanted: false, kittyFlags: 15)), "\u{1B}[<1u", "exactly one pop")
        XCTAssertEqual(keyboard.undo, [])
        XCTAssertEqual(text(keyboard.transition(wanted: true, kittyFlags: 3)), "\u{1B}[>27u")
    }

    /// kitty 0.26 under `CSI > 3 u` sends Enter as `\r\r` (press, then release in legacy form):
    /// with event types the local terminal is also asked for all keys as escapes, with text.
    func testEventTypesComeWithAllKeysAsEscapes() {
        var keyboard = LocalKeyboard()
        keyboard.learn(.kittyKeyboardFlags(0))
        keyboard.learn(.primaryDeviceAttributes)
        XCTAssertEqual(text(keyboard.transition(wanted: true, kittyFlags: 3)), "\u{1B}[>27u")
        XCTAssertEqual(text(keyboard.transition(wanted: true, kittyFlags: 2)), "\u{1B}[=26;1u")
        XCTAssertEqual(text(keyboard.transition(wanted: true, kittyFlags: 1)), "\u{1B}[=1;1u", "none without event types")
        var decoder = LocalInputDecoder()
        XCTAssertEqual(decoder.decode(Array("\u{1B}[13u\u{1B}[13;1:3u".utf8)),
                       [.key(.enter, []), .keyEvent(KeyEvent(.enter, type: .release))], "what kitty then sends for Enter")
    }
}
