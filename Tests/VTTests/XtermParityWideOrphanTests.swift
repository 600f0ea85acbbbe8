import XCTest
@testable import VT

/// A wide character's right half left without its left half, as xterm 379 clears it (the
/// oracle's answers are checked in as XtermCorpus/wide-orphan-*; reduced from wide-edge-*):
/// written over in the screen's last column it becomes never written with only the pen's
/// colours, shifted to the cursor by DCH a plain written blank, by DECDC never written; cut
/// by ECH or EL never written without rendition, by DECERA kept as it was.
final class XtermParityWideOrphanTests: XCTestCase {
    /// DECRQCRA of row `row` on a `columns`x10 screen after `stream`.
    func checksum(_ stream: String, row: Int, columns: Int = 30) -> String {
        XtermParityReadBack(stream, columns: columns).rowChecksum(row)
    }

    /// `中` in columns 29–30, `x` over its left half: column 30 counts nothing unless the pen
    /// has a colour (the row's first, never-written cell counts a space: 0x20 + 0x78 = FF68).
    func testOverwritingTheLeftHalfInTheLastColumn() {
        let answers = ["": "FF68", "\(CSI)31m": "FF48", "\(CSI)1m": "FEE8", "\(CSI)7m": "FF48",
                       "\(CSI)41m": "FF48", "\(CSI)4m": "FF58"]
        for (pen, answer) in answers {
            XCTAssertEqual(checksum("\(CSI)1;29H中\(CSI)1;29H\(pen)x", row: 1), answer, pen.debugDescription)
        }
        // Elsewhere the right half is a written blank, and so after DECIC pushed `中` to the edge.
        XCTAssertEqual(checksum("\(CSI)7;20H中\(CSI)7;20Hx", row: 7), "FF48")
        XCTAssertEqual(checksum("\(CSI)4;28H中\(CSI)4;28H\(CSI)'}中", row: 4), "FEB4")
    }

    /// Bold `中`, DCH on its left half: a plain written blank (no bold); DECDC: nothing.
    func testDeletingTheLeftHalf() {
        XCTAssertEqual(checksum("\(CSI)1m\(CSI)1;20H中\(CSI)m\(CSI)1;20H\(CSI)P", row: 1), "FFC0")
        XCTAssertEqual(checksum("\(CSI)1m\(CSI)4;28H中\(CSI)m\(CSI)2;28H\(CSI)'~", row: 4), "FFE0")
        XCTAssertEqual(checksum("\(CSI)1m\(CSI)4;10H中\(CSI)m\(CSI)2;10H\(CSI)'~", row: 4), "FFE0")
    }

    /// Underlined `中` at `at`, the cursor at `cursor`, then the edit: ECH and EL leave the
    /// other half never written and plain, DCH in the middle a plain written blank, DECERA
    /// keeps the underline (wide-orphan-erase, 40 columns).
    func testErasingOneHalf() {
        let cases: [(at: Int, cursor: Int, edit: String, answer: String)] = [
            (20, 20, "X", "FFC0"), (20, 20, "1K", "FD80"), (20, 21, "1K", "FD60"), (20, 21, "K", "FFE0"),
            (20, 21, "X", "FFC0"), (20, 21, "P", "FFC0"), (39, 40, "P", "FFE0"), (39, 40, "X", "FFE0"), (39, 40, "K", "FFE0"),
        ]
        for c in cases {
            let stream = "\(CSI)4m\(CSI)1;\(c.at)H中\(CSI)m\(CSI)1;\(c.cursor)H\(CSI)\(c.edit)"
            XCTAssertEqual(checksum(stream, row: 1, columns: 40), c.answer, "\(c)")
        }
        XCTAssertEqual(checksum("\(CSI)4m\(CSI)1;20H中\(CSI)m\(CSI)1;21;1;21$z", row: 1, columns: 40), "FF90")
    }
}
