import XCTest
import TestSupport
import Foundation
import VT
@testable import Render

/// The renderer against a terminal emulator Drover did not write: tmux. Random frame chains
/// are rendered into a tmux pane and the pane must show each frame's text and cursor.
final class TmuxRenderTests: XCTestCase {
    func testTmuxShowsEveryFrameOfARandomChain() throws {
        let columns = 30, rows = 8
        let outer = try XCTUnwrap(TmuxOuterTerminal(columns: columns, rows: rows), "tmux pane could not be started")
        var random = SeededRandom(seed: 2026)
        var generator = FrameGenerator(columns: columns, rows: rows)
        let caps = ConsoleCapabilities(truecolor: true, synchronizedOutput: true, hyperlinks: false)
        var shown: Frame?
        var next = generator.frame(&random)
        for step in 0..<150 {
            outer.write(FrameDiff.render(from: shown, to: next, capabilities: caps))
            let expected = (0..<rows).map { next.rowText($0) }
            // No event says tmux has drawn the bytes: poll its screen and cursor, with a deadline.
            let deadline = Date().addingTimeInterval(5)
            var lines = outer.lines()
            var cursor = outer.cursor()
            while (lines != expected || cursor?.row != next.cursorRow || cursor?.column != next.cursorColumn)
                    && Date() < deadline {
                usleep(5_000)
                lines = outer.lines()
                cursor = outer.cursor()
            }
            XCTAssertEqual(lines, expected, "step \(step)")
            XCTAssertEqual(cursor?.row, next.cursorRow, "step \(step)")
            XCTAssertEqual(cursor?.column, next.cursorColumn, "step \(step)")
            if lines != expected || cursor?.row != next.cursorRow || cursor?.column != next.cursorColumn { return }
            shown = next
            next = generator.successor(of: next, &random)
        }
    }
}
