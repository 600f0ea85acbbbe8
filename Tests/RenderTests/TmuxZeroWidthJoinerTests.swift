import XCTest
import TestSupport
import Foundation
import VT
@testable import Render

/// Emoji joined with U+200D, drawn by a terminal that joins them (tmux 3.3a, as kitty and
/// WezTerm do): the pane shows each emoji in the cells Drover's emulator gave it, the text after
/// them in its place, and nothing of them once they are overwritten (ADR 0036).
final class TmuxZeroWidthJoinerTests: XCTestCase {
    func testJoinedEmojiLeaveTheTextAfterThemAndNothingBehind() throws {
        let columns = 24, rows = 4
        let outer = try XCTUnwrap(TmuxOuterTerminal(columns: columns, rows: rows), "tmux pane could not be started")
        let terminal = Terminal(columns: columns, rows: rows)
        let caps = ConsoleCapabilities(truecolor: true, synchronizedOutput: false, hyperlinks: false)
        var shown: Frame?
        func show(_ text: String, _ expected: [String], _ cursor: (row: Int, column: Int),
                  file: StaticString = #filePath, line: UInt = #line) {
            terminal.feed(Array(text.utf8))
            let next = terminal.frame()
            XCTAssertEqual(next.cursorRow, cursor.row, "the emulator's cursor", file: file, line: line)
            XCTAssertEqual(next.cursorColumn, cursor.column, "the emulator's cursor", file: file, line: line)
            outer.write(FrameDiff.render(from: shown, to: next, capabilities: caps))
            shown = next
            let (lines, at) = settled(outer, expected, cursor)
            XCTAssertEqual(lines, expected, file: file, line: line)
            XCTAssertEqual(at?.row, cursor.row, "the pane's cursor", file: file, line: line)
            XCTAssertEqual(at?.column, cursor.column, "the pane's cursor", file: file, line: line)
        }
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"
        let rainbow = "\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}"
        // 👨 👩 👧 two cells each, then "ok"; 🏳️ one cell (as xterm), 🌈 two, then "end".
        show("\(family)ok\r\n\(rainbow)end\r\n",
             ["\u{1F468}\u{1F469}\u{1F467}ok", "\u{1F3F3}\u{FE0F}\u{1F308}end", "", ""], (2, 0))
        // Typed over in the middle: the woman's cells and the rainbow's become letters.
        show("\u{1B}[1;3HWW\u{1B}[2;2HRR\u{1B}[3;1Hnext",
             ["\u{1F468}WW\u{1F467}ok", "\u{1F3F3}\u{FE0F}RRend", "next", ""], (2, 4))
        // Then every row is overwritten from its start: nothing of the emoji is left.
        show("\u{1B}[1;1Habcdefghij\u{1B}[2;1Hklmnopq\u{1B}[3;5H!",
             ["abcdefghij", "klmnopq", "next!", ""], (2, 5))
    }

    /// The pane's lines and cursor once they show `expected` (tmux draws on its own time: no
    /// event says it has; polled with a deadline), else what it shows at the deadline.
    private func settled(_ outer: TmuxOuterTerminal, _ expected: [String],
                         _ cursor: (row: Int, column: Int)) -> ([String], (row: Int, column: Int)?) {
        let deadline = Date().addingTimeInterval(10)
        var lines = outer.lines(), at = outer.cursor()
        while (lines != expected || at?.row != cursor.row || at?.column != cursor.column) && Date() < deadline {
            usleep(5_000)
            lines = outer.lines()
            at = outer.cursor()
        }
        return (lines, at)
    }
}
