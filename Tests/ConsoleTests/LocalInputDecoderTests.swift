import XCTest
import VT
@testable import Console

final class LocalInputDecoderTests: XCTestCase {
    func decode(_ text: String) -> [InputEvent] {
        var decoder = LocalInputDecoder()
        return decoder.decode(Array(text.utf8))
    }

    /// Decodes `bytes` split into two reads at every position, and whole; all must agree.
    func assertSplitsAgree(_ text: String, _ expected: [InputEvent], file: StaticString = #filePath, line: UInt = #line) {
        let bytes = Array(text.utf8)
        for split in 0...bytes.count {
            var decoder = LocalInputDecoder()
            var events = decoder.decode(bytes[..<split])
            events += decoder.decode(bytes[split...])
            XCTAssertEqual(Self.mergingText(events), expected, "split at \(split)", file: file, line: line)
            XCTAssertFalse(decoder.hasPendingEscape, file: file, line: line)
        }
    }

    /// Text split across reads arrives as several `.text` events; join neighbours to compare.
    static func mergingText(_ events: [InputEvent]) -> [InputEvent] {
        var result: [InputEvent] = []
        for event in events {
            if case .text(let more) = event, case .text(let text)? = result.last {
                result[result.count - 1] = .text(text + more)
            } else {
                result.append(event)
            }
        }
        return result
    }

    func testPlainAndMultibyteText() {
        assertSplitsAgree("héllo ✓ 🎉", [.text("héllo ✓ 🎉")])
    }

    func testControlKeys() {
        XCTAssertEqual(decode("\r\t\u{7F}\u{08}\u{01}\u{1A}\u{00}\u{1C}"), [
            .key(.enter, []), .key(.tab, []), .key(.backspace, []), .key(.backspace, .control),
            .key(.character("a"), .control), .key(.character("z"), .control),
            .key(.character(" "), .control), .key(.character("\\"), .control),
        ])
    }

    func testCursorAndFunctionKeysWithModifiers() {
        assertSplitsAgree("\u{1B}[A\u{1B}[1;5A\u{1B}[3~\u{1B}[15;2~\u{1B}OP\u{1B}[Z\u{1B}[1;3H\u{1B}[24~", [
            .key(.up, []), .key(.up, .control), .key(.delete, []), .key(.function(5), .shift),
            .key(.function(1), []), .key(.tab, .shift), .key(.home, .alt), .key(.function(12), []),
        ])
    }

    func testSS3KeypadAndCursorKeys() {
        assertSplitsAgree("\u{1B}OA\u{1B}Op\u{1B}OM", [.key(.up, []), .key(.keypad("0"), []), .key(.keypad("\r"), [])])
    }

    func testAltAsEscapePrefix() {
        assertSplitsAgree("\u{1B}x\u{1B}é\u{1B}\u{7F}", [
            .key(.character("x"), .alt), .key(.character("é"), .alt), .key(.backspace, .alt),
        ])
        XCTAssertEqual(decode("\u{1B}\u{1B}[A"), [.key(.up, .alt)])
    }

    func testModifyOtherKeysAndCSIu() {
        XCTAssertEqual(decode("\u{1B}[27;5;13~\u{1B}[97;5u"), [.key(.enter, .control), .key(.character("a"), .control)])
    }

    func testSGRMouseReports() {
        assertSplitsAgree("\u{1B}[<0;10;5M\u{1B}[<0;10;5m\u{1B}[<35;11;6M\u{1B}[<64;1;1M\u{1B}[<65;1;1M\u{1B}[<18;3;4M\u{1B}[<34;2;2M", [
            .mouse(MouseEvent(button: .left, action: .press, column: 10, row: 5)),
            .mouse(MouseEvent(button: .left, action: .release, column: 10, row: 5)),
            .mouse(MouseEvent(button: .none, action: .motion, column: 11, row: 6)),
            .mouse(MouseEvent(button: .wheelUp, action: .press, column: 1, row: 1)),
            .mouse(MouseEvent(button: .wheelDown, action: .press, column: 1, row: 1)),
            .mouse(MouseEvent(button: .right, action: .press, column: 3, row: 4, modifiers: .control)),
            .mouse(MouseEvent(button: .right, action: .motion, column: 2, row: 2)),
        ])
        XCTAssertEqual(decode("\u{1B}[<12;1;1M"), [.mouse(MouseEvent(button: .left, action: .press, column: 1, row: 1,
                                                                       modifiers: [.shift, .alt]))])
    }

    func testBracketedPasteIsOneEventEvenAcrossReads() {
        assertSplitsAgree("a\u{1B}[200~line 1\rline\u{1B}[A 2 ✓\u{1B}[201~b", [
            .text("a"), .paste("line 1\rline\u{1B}[A 2 ✓"), .text("b"),
        ])
    }

    func testLargePasteInManySmallReadsIsOneEvent() {
        var decoder = LocalInputDecoder()
        let body = String(repeating: "0123456789abcdef\r", count: 4000)
        let bytes = Array(("\u{1B}[200~" + body + "\u{1B}[201~x").utf8)
        var events: [InputEvent] = []
        var offset = 0
        while offset < bytes.count {
            let end = min(offset + 7, bytes.count)
            events += decoder.decode(bytes[offset..<end])
            offset = end
        }
        XCTAssertEqual(events, [.paste(body), .text("x")])
    }

    func testFocusInAndOut() {
        assertSplitsAgree("\u{1B}[I\u{1B}[O", [.focus(true), .focus(false)])
    }

    func testLoneEscapeWaitsForFlush() {
        var decoder = LocalInputDecoder()
        XCTAssertEqual(decoder.decode([0x1B]), [])
        XCTAssertTrue(decoder.hasPendingEscape)
        XCTAssertEqual(decoder.flushPendingEscape(), [.key(.escape, [])])
        XCTAssertFalse(decoder.hasPendingEscape)
        XCTAssertEqual(decoder.flushPendingEscape(), [])
    }

    func testEscapeThenBracketFlushesAsAltBracket() {
        var decoder = LocalInputDecoder()
        XCTAssertEqual(decoder.decode(Array("\u{1B}[".utf8)), [])
        XCTAssertEqual(decoder.flushPendingEscape(), [.key(.character("["), .alt)])
    }

    func testEscapeFollowedByMoreInputLaterStillDecodesTheSequence() {
        var decoder = LocalInputDecoder()
        XCTAssertEqual(decoder.decode([0x1B]), [])
        XCTAssertEqual(decoder.decode(Array("[B".utf8)), [.key(.down, [])])
    }

    func testUnknownSequencesAreDropped() {
        XCTAssertEqual(decode("\u{1B}[?1;2c x"), [.text(" x")])
    }

    func testInvalidUTF8BecomesReplacementCharacter() {
        var decoder = LocalInputDecoder()
        XCTAssertEqual(decoder.decode([0xFF, 0x41, 0xC3, 0x28]), [.text("\u{FFFD}A\u{FFFD}(")])
    }
}

final class LegacyMouseDecodingTests: XCTestCase {
    func testX10MouseReportsWithoutSGRSupport() {
        var decoder = LocalInputDecoder()
        // Press left at 1,1 (32+0, 33, 33), then release (button 3), even when split.
        let bytes: [UInt8] = [0x1B, 0x5B, 0x4D, 32, 33, 33, 0x1B, 0x5B, 0x4D, 35, 40, 34]
        var events: [InputEvent] = []
        for byte in bytes { events += decoder.decode([byte]) }
        XCTAssertEqual(events, [
            .mouse(MouseEvent(button: .left, action: .press, column: 1, row: 1)),
            .mouse(MouseEvent(button: .none, action: .release, column: 8, row: 2)),
        ])
    }

    func testURXVTMouseReports() {
        var decoder = LocalInputDecoder()
        XCTAssertEqual(decoder.decode(Array("\u{1B}[96;10;5M".utf8)),
                       [.mouse(MouseEvent(button: .wheelUp, action: .press, column: 10, row: 5))])
    }
}
