@testable import VT
import XCTest

/// A mark that fills the cluster table sweeps the tables in the middle of a feed (found by a cold
/// review): the pen's style, looked up for the characters being printed but on no cell yet, is
/// kept, so the characters after the mark keep their colour whether the stream comes whole or
/// byte by byte, and a later pen does not take over the number and repaint them.
final class SweptPenStyleTests: XCTestCase {
    private func filled() -> Terminal {
        let t = Terminal(columns: 20, rows: 6)
        var bytes: [UInt8] = []
        var k = 0
        while k < ClusterTable.limit {
            let base = Unicode.Scalar(0x4E00 + UInt32(k / 112))!
            let mark = Unicode.Scalar(0x300 + UInt32(k % 112))!
            bytes += [0x0D] + Array(String(base).utf8) + Array(String(mark).utf8)
            k += 1
            if bytes.count > 60_000 { t.feed(bytes); bytes = [] }
        }
        t.feed(bytes)
        t.feed(Array("\r\n\nZ\u{1B}[38;2;1;2;3m".utf8))
        return t
    }

    func testCharactersAfterAMarkThatSweepsKeepThePensColour() {
        let tail = Array("\u{302}\u{4E2D}\u{4E2D}".utf8)
        let whole = filled(), byByte = filled()
        whole.feed(tail)
        for b in tail { byByte.feed([b]) }
        let a = whole.frame(), b = byByte.frame()
        // Z is at column 0 with the default colour; the mark joins it; 中 中 take columns 1-4.
        for c in [1, 3] { XCTAssertEqual(a[2, c].attributes.foreground, .rgb(1, 2, 3), "column \(c) keeps the pen's colour") }
        for c in 0..<5 {
            XCTAssertEqual(a[2, c].attributes, b[2, c].attributes, "column \(c): \(a[2, c].attributes) vs \(b[2, c].attributes)")
        }
        // Then a new pen: the swept number is reused.
        whole.feed(Array("\u{1B}[38;2;9;9;9mQ".utf8)); byByte.feed(Array("\u{1B}[38;2;9;9;9mQ".utf8))
        let a2 = whole.frame(), b2 = byByte.frame()
        for c in [1, 3] { XCTAssertEqual(a2[2, c].attributes.foreground, .rgb(1, 2, 3), "column \(c) is not repainted by the new pen") }
        for c in 0..<6 {
            XCTAssertEqual(a2[2, c].attributes, b2[2, c].attributes, "after: column \(c): \(a2[2, c].attributes) vs \(b2[2, c].attributes)")
        }
    }
}
