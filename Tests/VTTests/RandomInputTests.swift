import XCTest
import TestSupport
@testable import VT

/// Deterministic pseudo-random streams (a fixed-seed generator, so failures reproduce):
/// the emulator must survive anything, keep the cursor on screen and keep frames consistent.
final class RandomInputTests: XCTestCase {
    /// Pieces that exercise sequences with parameters, rather than only random bytes.
    private let pieces: [String] = [
        "\u{1B}[", "\u{1B}]", "\u{1B}P", "\u{1B}", ";", ":", "?", ">", "$", " ", "!", "*", "#",
        "1", "2", "5", "9", "38", "48", "58", "1049", "69", "6", "7", "2026", "1006", "0",
        "m", "H", "J", "K", "L", "M", "P", "@", "X", "S", "T", "r", "s", "h", "l", "q", "y", "p",
        "b", "c", "n", "t", "Z", "I", "d", "G", "\u{07}", "\u{1B}\\", "\r", "\n", "\t", "\u{08}",
        "\u{0E}", "\u{0F}", "\u{1B}(0", "\u{1B}#8", "\u{1B}7", "\u{1B}8", "\u{1B}M", "\u{1B}c",
        "中", "😀", "e\u{0301}", "\u{0308}", "é", "abc", "\u{1B}]8;;x\u{07}", "\u{9C}", "\u{9B}",
    ]

    func testRandomSequencesNeverBreakTheScreen() {
        var rng = SeededRandom(seed: 0xD20E)
        for round in 0..<200 {
            let t = Terminal(columns: Int.random(in: 1...30, using: &rng),
                             rows: Int.random(in: 1...12, using: &rng),
                             scrollbackLimit: Int.random(in: 0...20, using: &rng))
            for _ in 0..<300 {
                if Int.random(in: 0..<100, using: &rng) < 2 {
                    t.resize(columns: Int.random(in: 1...30, using: &rng), rows: Int.random(in: 1...12, using: &rng))
                }
                var bytes: [UInt8] = []
                for _ in 0..<Int.random(in: 1...8, using: &rng) {
                    if Int.random(in: 0..<4, using: &rng) == 0 {
                        bytes.append(UInt8.random(in: 0...255, using: &rng))
                    } else {
                        bytes.append(contentsOf: Array(pieces.randomElement(using: &rng)!.utf8))
                    }
                }
                t.feed(bytes)
                XCTAssertTrue(t.cursor.row >= 0 && t.cursor.row < t.rows, "round \(round)")
                XCTAssertTrue(t.cursor.column >= 0 && t.cursor.column < t.columns, "round \(round)")
            }
            let f = t.frame()
            XCTAssertEqual(f.cells.count, f.rows * f.columns)
            XCTAssertEqual(f.rowVersions.count, f.rows)
            for r in 0..<f.rows {
                for c in 0..<f.columns where f[r, c].width == 2 {
                    XCTAssertTrue(c + 1 < f.columns && f[r, c + 1].width == 0, "wide cell without spacer, round \(round)")
                }
                for c in 0..<f.columns where f[r, c].width == 0 {
                    XCTAssertTrue(c > 0 && f[r, c - 1].width == 2, "orphan spacer, round \(round)")
                }
                _ = f.rowText(r)
            }
            for i in 0..<t.scrollback.count { _ = t.scrollback.text(at: i) }
            _ = t.takeReplies()
        }
    }
}
