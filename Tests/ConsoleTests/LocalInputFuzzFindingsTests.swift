import XCTest
import VT
@testable import Console

/// What `scripts/fuzz localinput` checks, as regression tests: the events do not depend on how
/// the input was split into reads, and an unfinished control sequence is not kept for ever
/// (`ESC [` followed by endless parameter bytes must not be buffered and rescanned).
final class LocalInputFuzzFindingsTests: XCTestCase {
    /// Found by the fuzzer: `ESC ESC` at the end of a read was taken as Alt+Escape at once, so
    /// Alt+Up (`ESC ESC [ A`) split after the second ESC became Alt+Escape and the text "[A".
    func testAltUpSplitAfterTheSecondEscapeIsStillAltUp() {
        var decoder = LocalInputDecoder()
        XCTAssertEqual(decoder.decode([0x1B, 0x1B]), [])
        XCTAssertTrue(decoder.hasPendingEscape)
        XCTAssertEqual(decoder.decode(Array("[A".utf8)), [.key(.up, .alt)])
        XCTAssertFalse(decoder.hasPendingEscape)
    }

    func testEscapeEscapeFlushedIsAltEscape() {
        var decoder = LocalInputDecoder()
        XCTAssertEqual(decoder.decode([0x1B, 0x1B]), [])
        XCTAssertEqual(decoder.flushPendingEscape(), [.key(.escape, .alt)])
        XCTAssertFalse(decoder.hasPendingEscape)
    }

    /// A flush leaves nothing pending even when the rest after the first ESC starts another one.
    func testFlushOfEscapeBeforeAnUnfinishedSequenceLeavesNothingPending() {
        var decoder = LocalInputDecoder()
        XCTAssertEqual(decoder.decode(Array("\u{1B}\u{1B}[1".utf8)), [])
        XCTAssertEqual(LocalInputDecoderTests.mergingText(decoder.flushPendingEscape()),
                       [.key(.escape, []), .key(.escape, []), .text("[1")])
        XCTAssertFalse(decoder.hasPendingEscape)
    }

    func testOverlongUnfinishedSequenceStopsBeingPendingAndLaterInputStillDecodes() {
        var decoder = LocalInputDecoder()
        let digits = Array(repeating: UInt8(ascii: "1"), count: 300)
        _ = decoder.decode([0x1B, UInt8(ascii: "[")] + digits)
        XCTAssertFalse(decoder.hasPendingEscape, "an ESC [ with 300 parameter bytes is still buffered")
        // Once the dropped sequence is over, typing decodes normally again.
        XCTAssertEqual(decoder.decode(Array("\u{1B}[Ax".utf8)), [.key(.up, []), .text("x")])
    }

    func testSequencesUpToTheCapStillDecode() {
        // An SGR mouse report with long (clamped) coordinates is well inside the cap.
        var decoder = LocalInputDecoder()
        let report = "\u{1B}[<0;0000000000000000000012;0000000000000000000034M"
        XCTAssertLessThan(report.utf8.count - 2, CSISequence.maxLength)
        XCTAssertEqual(decoder.decode(Array(report.utf8)),
                       [.mouse(MouseEvent(button: .left, action: .press, column: 12, row: 34, modifiers: []))])
    }

    func testSplitReadsOfAnOverlongSequenceDecodeAsOneRead() {
        let bytes = [0x1B, UInt8(ascii: "[")] + Array(repeating: UInt8(ascii: "9"), count: 100) + Array("A".utf8)
        var whole = LocalInputDecoder()
        let expected = LocalInputDecoderTests.mergingText(whole.decode(bytes))
        var split = LocalInputDecoder()
        var events: [InputEvent] = []
        for chunk in stride(from: 0, to: bytes.count, by: 7) {
            events += split.decode(bytes[chunk..<min(chunk + 7, bytes.count)])
        }
        XCTAssertEqual(LocalInputDecoderTests.mergingText(events), expected)
        XCTAssertFalse(split.hasPendingEscape)
    }
}
