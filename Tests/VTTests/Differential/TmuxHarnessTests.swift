import XCTest
import VT

/// The tmux side of the differential harness, checked on its own.
final class TmuxHarnessTests: XCTestCase {
    func testHarnessReadsTextRenditionAndCursorFromTmux() throws {
        guard let pane = TmuxPane() else {
            return XCTFail("tmux is not on PATH; run scripts/bootstrap to install it")
        }
        defer { pane.shutdown() }
        let stream = Array("ab\u{1B}[1;31mc\u{1B}[0m\r\n\u{1B}(0q\u{1B}(B中x".utf8)
        let screen = TmuxCaptureParser.screen(try pane.play(stream, columns: 10, rows: 3), columns: 10)
        XCTAssertEqual(screen.text(0), "abc")
        XCTAssertEqual(screen.text(1), "─中x")
        var red = ComparableStyle()
        red.flags = .bold
        red.foreground = .indexed(1)
        XCTAssertEqual(screen.rows[0][2].style, red)
        XCTAssertEqual(screen.rows[0][1].style, ComparableStyle())
        XCTAssertEqual([screen.cursorRow, screen.cursorColumn], [1, 4])
    }

    func testCaptureParserCarriesRenditionAcrossLinesAndReadsColonColours() {
        let capture = TmuxPane.Capture(lines: ["\u{1B}[4:3m\u{1B}[38:2::1:2:3mx", "y\u{1B}[0;48;5;200mz e\u{301}"],
                                       cursorColumn: 12, cursorRow: 1, cursorVisible: false)
        let screen = TmuxCaptureParser.screen(capture, columns: 10)
        XCTAssertEqual(screen.rows[0][0].style.underline, .curly)
        XCTAssertEqual(screen.rows[0][0].style.foreground, .rgb(1, 2, 3))
        XCTAssertEqual(screen.rows[1][0].style.foreground, .rgb(1, 2, 3))
        XCTAssertEqual(screen.rows[1][1].style.background, .indexed(200))
        XCTAssertEqual(screen.rows[1][1].style.foreground, .default)
        XCTAssertEqual(screen.text(1), "yz e\u{301}")
        XCTAssertEqual(screen.cursorColumn, 9)
        XCTAssertFalse(screen.cursorVisible)
    }

    func testComparisonReportsTextRenditionAndCursorDifferences() {
        var bold = ComparableStyle()
        bold.flags = .bold
        let a = ComparableScreen(rows: [[StyledCharacter(text: "a", style: ComparableStyle())]],
                                 cursorRow: 0, cursorColumn: 1, cursorVisible: true)
        XCTAssertEqual(DifferentialComparison.differences(tmux: a, ours: a), [])
        var b = a
        b.rows[0][0].style = bold
        b.cursorColumn = 2
        b.cursorVisible = false
        let found = DifferentialComparison.differences(tmux: a, ours: b)
        XCTAssertEqual(found.count, 3, "\(found)")
        var c = a
        c.rows[0].append(StyledCharacter(text: "x", style: ComparableStyle()))
        XCTAssertEqual(DifferentialComparison.differences(tmux: a, ours: c).count, 1)
    }
}
