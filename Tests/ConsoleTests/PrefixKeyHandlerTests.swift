import XCTest
import VT
@testable import Console

final class PrefixKeyHandlerTests: XCTestCase {
    let prefix = InputEvent.key(.character("]"), .control)

    func testKeysWithoutThePrefixPassThrough() {
        var handler = PrefixKeyHandler()
        XCTAssertEqual(handler.handle([.text("ls"), .key(.enter, [])]),
                       [.forward(.text("ls")), .forward(.key(.enter, []))])
    }

    func testPrefixThenCommandKeys() {
        var handler = PrefixKeyHandler()
        XCTAssertEqual(handler.handle([prefix, .text("d")]), [.command(.detach)])
        XCTAssertEqual(handler.handle([prefix, .text("?")]), [.command(.help)])
        XCTAssertEqual(handler.handle([prefix, .text("r")]), [.command(.redraw)])
        XCTAssertFalse(handler.awaitingCommand)
    }

    func testPrefixXDiscardsWaitingKeysAndTheHelpSaysSo() {
        var handler = PrefixKeyHandler()
        XCTAssertEqual(handler.handle([prefix, .text("x")]), [.command(.discardPending)])
        XCTAssertTrue(PrefixKeyHandler.helpLines.contains { $0.hasPrefix("ctrl+] x") && $0.contains("discard") },
                      "\(PrefixKeyHandler.helpLines)")
    }

    /// `o` opens a host, capital `X` closes the one in front: also as kitty reports Shift+x with
    /// its text, while a lower-case x stays the discard.
    func testPrefixOOpensAHostAndCapitalXClosesOne() {
        var handler = PrefixKeyHandler()
        XCTAssertEqual(handler.handle([prefix, .text("o")]), [.command(.openHost)])
        XCTAssertEqual(handler.handle([prefix, .text("X")]), [.command(.closeHost)])
        var decoder = LocalInputDecoder()
        XCTAssertEqual(handler.handle([prefix] + decoder.decode(Array("\u{1B}[120;2;88u".utf8))), [.command(.closeHost)])
        XCTAssertEqual(handler.handle([prefix, .text("x")]), [.command(.discardPending)])
    }

    func testPrefixTwiceSendsThePrefixAndDecodedBytesMatch() {
        var decoder = LocalInputDecoder()
        var handler = PrefixKeyHandler()
        XCTAssertEqual(handler.handle(decoder.decode([0x1D, 0x1D])), [.forward(prefix)])
    }

    func testOtherKeysAfterThePrefixAreDropped() {
        var handler = PrefixKeyHandler()
        XCTAssertEqual(handler.handle([prefix, .key(.up, []), .text("x")]), [.forward(.text("x"))])
        XCTAssertEqual(handler.handle([prefix, .text("zq")]), [.forward(.text("q"))])
    }

    func testMouseBetweenPrefixAndCommandKeepsThePrefix() {
        var handler = PrefixKeyHandler()
        let motion = InputEvent.mouse(MouseEvent(button: .none, action: .motion, column: 1, row: 1))
        XCTAssertEqual(handler.handle([prefix, motion, .text("d")]), [.forward(motion), .command(.detach)])
    }

    func testTextTypedInOneReadAfterTheCommandIsForwarded() {
        var handler = PrefixKeyHandler()
        XCTAssertEqual(handler.handle([prefix, .text("rab")]), [.command(.redraw), .forward(.text("ab"))])
    }
}

/// Under kitty's event types the prefix and the command are read on press only: their repeats
/// and releases are Drover's, and other keys' releases still reach the host.
final class PrefixKeyReleaseTests: XCTestCase {
    private func decode(_ text: String) -> [InputEvent] {
        var decoder = LocalInputDecoder()
        return decoder.decode(Array(text.utf8))
    }

    func testThePrefixAndCommandReleasesReachNobody() {
        var handler = PrefixKeyHandler(prefix: PrefixKeyHandler.defaultPrefix)
        let keys = "\u{1B}[57442;5u\u{1B}[93;5u\u{1B}[93;5:2u\u{1B}[93;5:3u\u{1B}[57442;1:3u"
            + "\u{1B}[110;1:1u\u{1B}[110;1:3u\u{1B}[120u\u{1B}[120;1:3u"
        XCTAssertEqual(handler.handle(decode(keys)), [
            .forward(.key(.modifier(.leftControl), .control)),   // Ctrl went down before the prefix was known
            .forward(.keyEvent(KeyEvent(.modifier(.leftControl), type: .release))),   // so it comes up there too
            .command(.nextHost),
            .forward(.text("x")),
            .forward(.keyEvent(KeyEvent(.character("x"), type: .release))),
        ], "the prefix's repeat and release and n's release are dropped; Ctrl's release goes where its press went")
        XCTAssertFalse(handler.awaitingCommand)
    }

    func testAReleaseDoesNotEndTheWaitForTheCommand() {
        var handler = PrefixKeyHandler(prefix: PrefixKeyHandler.defaultPrefix)
        XCTAssertEqual(handler.handle(decode("\u{1B}[93;5u\u{1B}[57441;2u\u{1B}[93;5:3u\u{1B}[47;2;63u")), [.command(.help)],
                       "Shift alone and the prefix's release between the prefix and ? change nothing")
        XCTAssertEqual(handler.handle(decode("\u{1B}[47;1:3u\u{1B}[57441;1:3u")), [],
                       "?'s release is taken (by its unshifted key); so is Shift's, whose press the host never had")
    }
}

extension PrefixKeyReleaseTests {
    func testTheDoubledPrefixIsTheHostsWithItsRelease() {
        var handler = PrefixKeyHandler(prefix: PrefixKeyHandler.defaultPrefix)
        let prefix = PrefixKeyHandler.defaultPrefix
        let release = InputEvent.keyEvent(KeyEvent(.character("]"), .control, type: .release))
        XCTAssertEqual(handler.handle([prefix, release, prefix, release]), [.forward(prefix), .forward(release)],
                       "the first press and release are Drover's, the second pair the host's")
        XCTAssertEqual(handler.handle([prefix, .text("d"), .text("d"), .keyEvent(KeyEvent(.character("d"), type: .release))]),
                       [.command(.detach), .forward(.text("d")), .forward(.keyEvent(KeyEvent(.character("d"), type: .release)))],
                       "d typed again for the host: its release is the host's, not the command's")
    }
}

extension PrefixKeyReleaseTests {
    func testTakenKeysAreBoundedOnEndlessNewKeys() {
        var handler = PrefixKeyHandler(prefix: PrefixKeyHandler.defaultPrefix)
        // A question typed into under a terminal without releases: every key stays taken until
        // the host gets it; ever new keys must not grow that without bound.
        for value in UInt32(0x4E00)..<UInt32(0x4E00 + 10_000) {
            handler.take(.text(String(Character(Unicode.Scalar(value)!))))
        }
        handler.take(.key(.character("z"), []))
        XCTAssertEqual(handler.handle(.keyEvent(KeyEvent(.character("z"), type: .release))), [], "the latest is still taken")
        let old = InputEvent.keyEvent(KeyEvent(.character("\u{4E00}"), type: .release))
        XCTAssertEqual(handler.handle(old), [.forward(old)], "the oldest were forgotten")
    }
}
