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
                                 ("ctrl+[", "ctrl+[ is the Escape key"), ("ctrl+m", "ctrl+m is the Enter key"),
                                 ("ctrl+i", "is the Tab key"), ("", "is not a prefix key")] {
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
        XCTAssertTrue(RelayLoop.noProtocolNote.contains("ctrl+a Enter"))
    }
}
