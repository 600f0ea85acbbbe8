import XCTest
@testable import VT

/// A run of hidden (SGR 8) wide characters that reaches the right edge with autowrap off
/// (the vt fuzz finding fixed in c1b203f). Each further character of the run replaces the
/// run's last one, as xterm does, while the run's spaces go one per character from its first
/// column; the old code kept advancing that column past the row and wrote cells beyond it (a
/// heap overflow under ASan). The fuzz input, minimised: 10 columns, `CSI ?7l CSI 8m`, then
/// 11 wide characters (the 11th wrote one cell past the row; 20 write ten past it).
final class HiddenWideRunTests: XCTestCase {
    let run = "\(CSI)?7l\(CSI)8m" + String(repeating: "中", count: 20)

    /// The row's cells past its width are never written. On the alternate screen a narrowed
    /// row keeps its wider storage, so what lies past the edge can be read safely: the cells
    /// left there from the wider size must be exactly as they were.
    func testAHiddenWideRunWritesNothingPastTheRow() throws {
        let t = Terminal(columns: 20, rows: 2)
        t.feed("\(CSI)?1049h" + "ABCDEFGHIJKLMNOPQRST")
        t.resize(columns: 10, rows: 2)
        let grid = t.screen.grid
        // The premise: the row still holds 20 cells (else reading past 10 would not be safe).
        let lines = grid.takeLines()
        let capacity = lines[0].capacity
        grid.replace(columns: 10, rows: 2, lines: lines)
        guard capacity >= 20 else {
            return XCTFail("a narrowed alternate-screen row no longer keeps its cells (\(capacity)); rewrite this test")
        }
        let beyond = { Array(UnsafeBufferPointer(start: t.screen.grid.row(0) + 10, count: 10)) }
        let before = beyond()

        t.feed("\(CSI)H" + run)

        XCTAssertEqual(beyond(), before, "a hidden wide run wrote cells past the row's 10 columns")
        assertCursor(t, 0, 9)
    }

    /// What the screen shows: the run's spaces fill the row and stop at its edge, the cursor
    /// stays on the last column, and the next row is untouched.
    func testAHiddenWideRunStopsAtTheRightEdge() {
        let t = Terminal(columns: 10, rows: 2)
        t.feed("\(CSI)2;1Hnext row\(CSI)H" + run)
        assertCursor(t, 0, 9)
        for column in 0..<10 {
            XCTAssertEqual(t.frame().text(of: t.cell(0, column)), " ", "column \(column)")
            XCTAssertTrue(t.cell(0, column).attributes.flags.contains(.hidden), "column \(column)")
        }
        XCTAssertEqual(t.lines[1], "next row")
        // Visible text after the run lands where the cursor is: the last column.
        t.feed("\(CSI)0mX")
        XCTAssertEqual(t.lines[0], String(repeating: " ", count: 9) + "X")
    }
}
