import XCTest
import VT
@testable import History

/// The view's keys: moving, search with n/N, line and block selection copied with y, leaving;
/// and snapshots that convert only the rows that changed.
final class HistoryViewTests: XCTestCase {
    func view(_ lines: [String], rows: Int = 4) -> HistoryView {
        var doc = HistoryDocument(columns: 60)
        for line in lines { doc.append(HistoryRow(text: line), .scrollback) }
        return HistoryView(document: doc, width: 60, screenRows: rows)
    }

    func keys(_ text: String, _ view: inout HistoryView) -> [HistoryView.Outcome] {
        text.unicodeScalars.map { view.handle(.text(String($0))) }.filter { $0 != .stay }
    }

    /// Every key history mode takes is in its help (`ctrl+] ?` and `--help` print these lines).
    func testTheHelpNamesEveryKey() {
        let help = HistoryView.helpLines.joined(separator: "\n")
        for keys in ["j k h l", "0 $", "PageUp PageDown", "ctrl+b ctrl+f", "ctrl+u ctrl+d", "g G", "Home End",
                     "mouse wheel", "a drag selects", "/ ?", "n N", "v, ctrl+v", "y or Enter", "q or Esc"] {
            XCTAssertTrue(help.contains(keys), "\(keys) is missing from:\n\(help)")
        }
        XCTAssertTrue(HistoryView.helpLines.allSatisfy { $0.count <= 75 }, "the help box fits 80 columns")
    }

    func testSearchMovesTheCursorAndNRepeatsBothWays() {
        var v = view((1...50).map { $0 % 10 == 0 ? "mark-\($0)" : "line-\($0)" })
        _ = keys("g", &v)
        XCTAssertEqual(v.cursor.line, 0)
        XCTAssertEqual(v.handle(.text("/mark")), .stay, "the rest of a piece of text is the query")
        XCTAssertEqual(v.handle(.key(.enter, [])), .stay)
        XCTAssertEqual(v.cursor.line, 9)
        _ = keys("n", &v)
        XCTAssertEqual(v.cursor.line, 19)
        _ = keys("N", &v)
        XCTAssertEqual(v.cursor.line, 9)
        XCTAssertTrue((v.top..<(v.top + v.height)).contains(9), "the match is shown")
        _ = keys("/", &v)
        _ = v.handle(.text("MARK"))
        _ = v.handle(.key(.enter, []))
        XCTAssertEqual(v.message, "MARK not found", "a capital letter matches case")
        XCTAssertTrue(v.frame().rowText(v.height).hasSuffix("MARK not found"), v.frame().rowText(v.height))
    }

    func testLineAndBlockSelectionsCopyAndQLeaves() {
        var v = view(["alpha one", "beta two", "gamma three", "delta"])
        _ = keys("g", &v)
        XCTAssertEqual(keys("vjy", &v), [.copy("alpha one\nbeta two")])
        _ = v.handle(.key(.character("v"), .control))
        XCTAssertEqual(keys("jllly", &v), [.copy("beta\ngamm")], "from the cursor (line 2, column 1) to line 3, column 4")
        XCTAssertEqual(keys("y", &v), [], "nothing is selected after a copy")
        XCTAssertEqual(v.message, "nothing selected: v selects lines, ctrl+v a block")
        XCTAssertEqual(keys("q", &v), [.leave])
    }

    func testEscapeClearsTheSelectionBeforeLeaving() {
        var v = view(["a", "b"])
        _ = keys("v", &v)
        XCTAssertEqual(v.handle(.key(.escape, [])), .stay)
        XCTAssertNil(v.selection)
        XCTAssertEqual(v.handle(.key(.escape, [])), .leave)
    }

    func testACaptureConvertsOnlyChangedRows() {
        let terminal = Terminal(columns: 20, rows: 4)
        terminal.feed("\u{1B}[?1049h\u{1B}[Htop\r\ncounter 1\r\nbottom")
        var capture = ScreenCapture()
        let first = capture.capture(terminal)
        XCTAssertTrue(first.alternate)
        terminal.feed("\u{1B}[2;1Hcounter 2")
        let second = capture.capture(terminal)
        XCTAssertTrue(first.rows[0] === second.rows[0], "an unchanged row is the same object")
        XCTAssertTrue(first.rows[2] === second.rows[2])
        XCTAssertEqual(second.rows[1].text(columns: 0..<20), "counter 2")
        XCTAssertEqual(first.rows[1].text(columns: 0..<20), "counter 1", "a kept row never changes")
        terminal.feed("\u{1B}[?1049l")
        XCTAssertNil(capture.captureAlternate(terminal), "the main screen is not snapshot")
        terminal.feed("\u{1B}[?1049h\u{1B}[Hagain")
        XCTAssertEqual(capture.captureAlternate(terminal)?[0].text(columns: 0..<20), "again")
    }
}
