import XCTest
@testable import VT

/// SGR with `;` only is read in place with `38;5;n` and `48;5;n` inline (ADR 0034); a sequence
/// holding any ':' takes the general loop. These check that both read every list the same way.
final class SGRFastPathTests: XCTestCase {
    private func attributes(after sgr: String, pen: String = "") -> Attributes {
        let t = Terminal(columns: 5, rows: 1)
        t.feed("\(CSI)\(pen)m\(CSI)\(sgr)mx")
        return t.cell(0, 0).attributes
    }

    func testTheInlineColoursAndTheirEdges() {
        let a = attributes(after: "38;5;300;48;5;7;1")
        XCTAssertEqual(a.foreground, .indexed(255))   // clamped as the general path clamps
        XCTAssertEqual(a.background, .indexed(7))
        XCTAssertEqual(a.flags, [.bold])
        // `38;5` with nothing after it uses up the rest, as before.
        let b = attributes(after: "1;48;5", pen: "31")
        XCTAssertEqual(b.flags, [.bold])
        XCTAssertEqual(b.background, .default)
        XCTAssertEqual(b.foreground, .indexed(1))
        // A truecolour group after an inline one, and the values after both.
        let c = attributes(after: "48;5;17;38;2;1;2;3;4;58;5;9")
        XCTAssertEqual(c.background, .indexed(17))
        XCTAssertEqual(c.foreground, .rgb(1, 2, 3))
        XCTAssertEqual(c.underline, .single)
        XCTAssertEqual(c.underlineColor, .indexed(9))
    }

    /// Random `;` lists against the same list behind `50:1;`: 50 is no rendition and its
    /// sub-parameter sends the whole sequence down the general loop.
    func testSemicolonListsReadAsTheGeneralLoopReadsThem() {
        var rng = SystemRandomNumberGenerator()
        let pieces = ["0", "1", "2", "3", "4", "5", "7", "8", "9", "21", "22", "24", "27", "29", "31", "39", "44",
                      "49", "53", "55", "59", "93", "104", "300", "", "38", "48", "58", "5", "2", "38;5", "48;5",
                      "38;5;200", "48;5;999", "58;5;3", "38;2;1;2;3", "48;2;4;5", "38;9;1"]
        for _ in 0..<2_000 {
            let list = (0..<Int.random(in: 1...8, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }
            let sgr = list.joined(separator: ";")
            let pen = "1;38;5;\(Int.random(in: 0...255, using: &rng));48;2;9;9;9"
            XCTAssertEqual(attributes(after: sgr, pen: pen), attributes(after: "50:1;" + sgr, pen: pen), sgr)
        }
    }
}
