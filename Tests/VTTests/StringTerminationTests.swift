import XCTest
@testable import VT

/// A raw 0x9C (8-bit ST) ends DCS, SOS, PM and APC strings by the same rule as OSC: only when
/// it does not continue a UTF-8 character inside the string.
final class StringTerminationTests: XCTestCase {
    /// ESC-introduced string starts: DCS (with a final byte, so passthrough), SOS, PM, APC.
    private let starts: [(String, [UInt8])] = [
        ("DCS", Array("\u{1B}Pq".utf8)), ("SOS", Array("\u{1B}X".utf8)),
        ("PM", Array("\u{1B}^".utf8)), ("APC", Array("\u{1B}_".utf8)),
    ]

    /// Characters whose UTF-8 encoding holds 0x9C as a continuation byte.
    private let characters = ["Ĝ", "✜", "\u{201C}", "😜"]

    func testContinuationByte0x9CInsideAStringDoesNotEndIt() {
        for (kind, start) in starts {
            for character in characters {
                let t = Terminal(columns: 20, rows: 2)
                XCTAssertTrue(Array(character.utf8).dropFirst().contains(0x9C), character)
                t.feed(start + Array("a\(character)b".utf8) + [0x9C] + Array("z".utf8))
                XCTAssertEqual(t.lines[0], "z", "\(kind) with \(character) leaked text or ended early")
            }
        }
    }

    func testRaw0x9CAfterACompleteCharacterEndsTheString() {
        for (kind, start) in starts {
            let t = Terminal(columns: 20, rows: 2)
            t.feed(start + Array("data Ĝ".utf8) + [0x9C] + Array("z".utf8))
            XCTAssertEqual(t.lines[0], "z", kind)
            t.feed(start + [0x9C] + Array("y".utf8))
            XCTAssertEqual(t.lines[0], "zy", "\(kind): an empty string ends at once")
        }
    }

    func testStringsStartedByC1CodesFollowTheSameRule() {
        // C1 DCS, SOS, PM, APC sent UTF-8 encoded (C2 90 ...), as a UTF-8 stream carries them.
        for code: UInt8 in [0x90, 0x98, 0x9E, 0x9F] {
            let t = Terminal(columns: 20, rows: 2)
            let start: [UInt8] = code == 0x90 ? [0xC2, code, UInt8(ascii: "q")] : [0xC2, code]
            t.feed(start + Array("Ĝ".utf8) + [0x9C] + Array("z".utf8))
            XCTAssertEqual(t.lines[0], "z", "C1 \(code)")
        }
    }

    func testStatusRequestKeepsItsUTF8AndEndsAtTheRealTerminator() {
        let t = Terminal(columns: 20, rows: 2)
        // DECRQSS for "Ĝ" (unknown): one answer, sent when the string really ends.
        t.feed(Array("\u{1B}P$qĜ".utf8))
        XCTAssertEqual(t.takeReplies(), [])
        t.feed([0x9C] + Array("z".utf8))
        XCTAssertEqual(String(decoding: t.takeReplies(), as: UTF8.self), "\u{1B}P0$r\u{1B}\\")
        XCTAssertEqual(t.lines[0], "z")
    }

    func testACharacterCutOffByCancelDoesNotHoldBackTheNextTerminator() {
        let t = Terminal(columns: 20, rows: 2)
        // C4 opens a character, CAN aborts the APC; the next APC ends on its first 0x9C.
        t.feed([0x1B, UInt8(ascii: "_"), 0xC4, 0x18, 0xC2, 0x9F, UInt8(ascii: "x"), 0x9C] + Array("z".utf8))
        XCTAssertEqual(t.lines[0], "z")
    }
}
