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
