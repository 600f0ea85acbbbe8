import XCTest
import VT
@testable import Console

/// Local input and remote output decode UTF-8 with the same rules (VT's `UTF8Decoder`): what
/// the emulator would show as U+FFFD is never sent to the remote as a character.
final class LocalInputUTF8Tests: XCTestCase {
    /// Byte sequences no valid UTF-8 text contains, each followed by `!`.
    static let invalidForms: [[UInt8]] = [
        [0xC0, 0xAF],              // "/" in two bytes
        [0xE0, 0x80, 0xAF],        // "/" in three bytes: the old local decoder read it as "/"
        [0xF0, 0x80, 0x80, 0xAF],  // "/" in four bytes: likewise
        [0xED, 0xA0, 0x80],        // a UTF-16 surrogate
        [0xF4, 0x90, 0x80, 0x80],  // above U+10FFFF
    ]

    func testOverlongAndOtherInvalidFormsTypedLocallyDecodeAsTheEmulatorShowsThem() {
        for form in Self.invalidForms {
            let typed = form + Array("!".utf8)
            let terminal = Terminal(columns: 20, rows: 1)
            terminal.feed(typed)
            let shown = terminal.frame().rowText(0)
            XCTAssertFalse(shown.contains("/"), "VT rejects \(form)")

            for split in 0...typed.count {
                var decoder = LocalInputDecoder()
                let events = decoder.decode(typed[..<split]) + decoder.decode(typed[split...])
                XCTAssertEqual(LocalInputDecoderTests.mergingText(events), [.text(shown)],
                               "\(form) split at \(split)")
            }
        }
    }

    func testThreeByteOverlongSlashBecomesThreeReplacementCharacters() {
        var decoder = LocalInputDecoder()
        XCTAssertEqual(decoder.decode([0xE0, 0x80, 0xAF]), [.text("\u{FFFD}\u{FFFD}\u{FFFD}")])
    }

    func testValidMultibyteTextStillDecodes() {
        var decoder = LocalInputDecoder()
        XCTAssertEqual(decoder.decode(Array("é€😀".utf8)), [.text("é€😀")])
    }
}
