@testable import VT
import XCTest

/// The parser decodes whole UTF-8 characters in one step (`UTF8Run`) where a read holds all of
/// their bytes, and byte by byte (`UTF8Decoder`) otherwise. Fed one byte per call, a stream
/// never takes the whole-character step; fed in one piece, it takes it wherever it can. Both
/// must leave the same screen, for valid text and for every kind of malformed sequence, with
/// and without a non-ASCII set in GR, and around the screen's edges and modes (`printUTF8`
/// stores what fits on a row itself and leaves the rest to `print`).
final class UTF8RunTests: XCTestCase {
    private func screen(_ bytes: [UInt8], pieces: Int?) -> (cells: [Cell], row: Int, column: Int) {
        let t = Terminal(columns: 20, rows: 6)
        if let pieces {
            var i = 0
            let size = max(1, bytes.count / pieces)
            while i < bytes.count {
                t.feed(Array(bytes[i..<min(bytes.count, i + size)]))
                i += size
            }
        } else {
            for b in bytes { t.feed([b]) }
        }
        let f = t.frame()
        var cells: [Cell] = []
        for r in 0..<f.rows { for c in 0..<f.columns { cells.append(f[r, c]) } }
        return (cells, f.cursorRow, f.cursorColumn)
    }

    /// Pieces that matter: characters of each length, the edges of each lead byte's range,
    /// C1 controls encoded in UTF-8, overlong forms, surrogates, values past U+10FFFF, stray
    /// continuation bytes, cut sequences, marks, controls and a CSI between them.
    private static let pieces: [[UInt8]] = [
        Array("é".utf8), Array("中".utf8), Array("😀".utf8), Array("e\u{301}".utf8), Array("─".utf8),
        [0xC2, 0xA0], [0xDF, 0xBF], [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF], [0xEF, 0xBF, 0xBD],
        [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF],
        [0xC2, 0x85], [0xC2, 0x9B, 0x32, 0x4A], [0xC2, 0x9D, 0x30, 0x3B, 0x78, 0x07],
        [0xC0, 0xAF], [0xC1, 0xBF], [0xE0, 0x9F, 0xBF], [0xED, 0xA0, 0x80], [0xF0, 0x8F, 0xBF, 0xBF],
        [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80], [0x80], [0xBF], [0xE4, 0xB8], [0xF0, 0x9F, 0x98],
        [0x0D, 0x0A], Array("ab".utf8), [0x1B, 0x5B, 0x48], [0x1B, 0x28, 0x30], [0x1B, 0x28, 0x42], [0x0E], [0x0F],
        // Latin-1 into G1 and G1 locked into GR (bytes 0xA0-0xFF are characters then), and back.
        [0x1B, 0x2D, 0x41], [0x1B, 0x7E], [0x1B, 0x7D],
        // States the stored stretch must leave to `print`: hidden text, insert mode, autowrap
        // off, left/right margins, a cursor near the edge, REP, a colour.
        csi("8m"), csi("28m"), csi("4h"), csi("4l"), csi("?7l"), csi("?7h"), csi("?69h") + csi("4;13s"),
        csi("?69l"), csi("1;17H"), csi("2;19H"), csi("3b"), csi("31m"), csi("m"),
    ]

    private static func csi(_ s: String) -> [UInt8] { [0x1B, 0x5B] + Array(s.utf8) }

    func testWholeAndByteByByteFeedsLeaveTheSameScreen() {
        var rng = SystemRandomNumberGenerator()
        for round in 0..<1000 {
            var stream: [UInt8] = []
            for _ in 0..<Int.random(in: 1...60, using: &rng) { stream += Self.pieces.randomElement(using: &rng)! }
            let byByte = screen(stream, pieces: nil)
            for split in [1, 3, 7] {
                let whole = screen(stream, pieces: split)
                XCTAssertTrue(whole == byByte, "round \(round), \(split) pieces: \(stream.map { String($0, radix: 16) })")
            }
        }
    }

    /// `printUTF8` checks for cut wide characters at a stretch's two edges only: a stretch that
    /// starts on 中's right half and ends on 文's left half blanks both other halves, as `print`
    /// one character at a time does; the cells between are the stretch's own.
    func testAStretchCuttingWideCharactersAtBothEdgesLeavesWhatPrintLeaves() {
        let stream = Array("中文字".utf8) + Self.csi("1;2H") + Array("éé".utf8)
        let whole = screen(stream, pieces: 1), byByte = screen(stream, pieces: nil)
        XCTAssertTrue(whole == byByte)
        XCTAssertEqual(whole.cells[0...4].map(\.content), [0x20, 0xE9, 0xE9, 0x20, 0x5B57])
        XCTAssertTrue(whole.cells[5].isWideSpacer)
        XCTAssertEqual(whole.column, 3)
    }

    /// A mark joining a cluster the table already has stays inside the stretch (`printUTF8`
    /// joins it itself): after a narrow and a wide character, on a cluster (two marks), after
    /// a row's last cell, and a format character (ZWJ) and REP after it, as `print` leaves them.
    func testMarksInsideAStretchLeaveWhatPrintLeaves() {
        let line = "e\u{301}中\u{301}a\u{308}\u{301}x\u{200D}y\u{301}"
        let stream = Array((line + line + "\r\n" + line + line).utf8) + Self.csi("2b")
            + Self.csi("1;19H") + Array("e\u{301}e\u{301}".utf8)
        let whole = screen(stream, pieces: 1), byByte = screen(stream, pieces: nil)
        XCTAssertTrue(whole == byByte)
        XCTAssertTrue(whole.cells[0].isCluster && whole.cells[1].isCluster && whole.cells[3].isCluster)
        XCTAssertEqual(whole.cells[0].content, whole.cells[6].content)
    }

    /// `decode(word:)` (four bytes in one load, where a read has them) answers as `decode` does
    /// for every lead byte and second byte, with third and fourth bytes at and around the edges
    /// of the continuation range: lengths, overlong forms, C1 controls, surrogates, past U+10FFFF.
    func testTheWordDecodeAnswersAsTheByteDecode() {
        let edges: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF]
        var bytes: [UInt8] = [0, 0, 0, 0]
        for b0 in 0x80...0xFF {
            for b1 in 0...0xFF {
                for b2 in edges {
                    for b3 in edges {
                        bytes = [UInt8(b0), UInt8(b1), b2, b3]
                        let word = UInt32(b0) | UInt32(b1) << 8 | UInt32(b2) << 16 | UInt32(b3) << 24
                        let byBytes = bytes.withUnsafeBufferPointer { UTF8Run.decode($0.baseAddress!, at: 0, end: 4) }
                        if UTF8Run.decode(word: word) != byBytes {
                            XCTFail("bytes \(bytes.map { String($0, radix: 16) }): word \(UTF8Run.decode(word: word)), bytes \(byBytes)")
                            return
                        }
                    }
                }
            }
        }
    }
}
