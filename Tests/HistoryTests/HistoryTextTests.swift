import XCTest
import VT
@testable import History

/// Search and the text a selection copies: case-smart plain-text search over scrollback and
/// snapshot rows; wide characters once, combining marks with their base, wrapped rows joined.
final class HistoryTextTests: XCTestCase {
    /// A document whose rows come from a real emulator fed `text` at `columns` x `rows`.
    func document(_ text: String, columns: Int, rows: Int) -> HistoryDocument {
        let terminal = Terminal(columns: columns, rows: rows)
        terminal.feed(text)
        return HistoryDocument(terminal: terminal, snapshots: [], now: .now)
    }

    func testSearchIsCaseSmartAndFindsColumns() {
        var doc = HistoryDocument(columns: 20)
        doc.append(HistoryRow(text: "Line-1 line-2"), .scrollback)
        doc.append(HistoryRow(text: "nothing"), .scrollback)
        doc.append(HistoryRow(text: "漢字 LINE-3"), .snapshot)
        var lower = HistorySearch(query: "line-")
        XCTAssertTrue(lower.ignoresCase)
        XCTAssertEqual(lower.matches(in: doc.rows[0]), [0..<5, 7..<12])
        XCTAssertEqual(lower.matches(in: doc.rows[2]), [5..<10], "a wide character is two columns")
        var upper = HistorySearch(query: "Line")
        XCTAssertFalse(upper.ignoresCase)
        XCTAssertEqual(upper.matches(in: doc.rows[0]), [0..<4])
        XCTAssertEqual(upper.matches(in: doc.rows[2]), [])
        var wide = HistorySearch(query: "字 l")
        XCTAssertEqual(wide.matches(in: doc.rows[2]), [2..<6])
    }

    func testSearchGoesForwardAndBackAndWraps() {
        var doc = HistoryDocument(columns: 20)
        for text in ["a x", "b", "c x", "d"] { doc.append(HistoryRow(text: text), .scrollback) }
        var search = HistorySearch(query: "x")
        XCTAssertEqual(search.next(in: doc, from: 0, column: 0, forward: true)?.line, 0)
        XCTAssertEqual(search.next(in: doc, from: 0, column: 2, forward: true)?.line, 2)
        XCTAssertEqual(search.next(in: doc, from: 2, column: 2, forward: true)?.line, 0, "wraps to the top")
        XCTAssertEqual(search.next(in: doc, from: 2, column: 2, forward: false)?.line, 0)
        XCTAssertEqual(search.next(in: doc, from: 1, column: 0, forward: false)?.line, 0)
        var missing = HistorySearch(query: "zzz")
        XCTAssertNil(missing.next(in: doc, from: 0, column: 0, forward: true))
    }

    func testLineSelectionJoinsWrappedRowsAndKeepsWideAndCombiningText() {
        // 10 columns: "0123456789abc" wraps after 9; "é" is e + U+0301; 漢 is wide.
        let doc = document("0123456789abc\r\ne\u{301}t\u{E9} 漢x\r\nlast", columns: 10, rows: 5)
        let selection = HistorySelection(mode: .lines, anchor: HistoryPosition(line: 0, column: 3),
                                         cursor: HistoryPosition(line: 2, column: 0))
        XCTAssertEqual(selection.text(in: doc), "0123456789abc\ne\u{301}t\u{E9} 漢x")
    }

    func testWrappedRowKeepsTheSpaceAtTheWrapAndDropsAWidePad() {
        // "aaaa bbbb " fills 10 columns ending in a space; then a wide character that does not
        // fit in column 9 of the next row leaves a pad and moves down.
        let doc = document("aaaa bbbb ccccccccc漢z", columns: 10, rows: 4)
        let all = HistorySelection(mode: .lines, anchor: HistoryPosition(line: 0, column: 0),
                                   cursor: HistoryPosition(line: 2, column: 0))
        XCTAssertEqual(all.text(in: doc), "aaaa bbbb ccccccccc漢z")
    }

    func testBlockSelectionTakesColumnsAndWholeWideCharacters() {
        let doc = document("ab漢cd\r\n012345\r\nxyz", columns: 10, rows: 4)
        // Columns 2...2 land on the first half of 漢 in row 0: it is taken whole.
        let block = HistorySelection(mode: .block, anchor: HistoryPosition(line: 0, column: 2),
                                     cursor: HistoryPosition(line: 2, column: 3))
        XCTAssertEqual(block.text(in: doc), "漢\n23\nz")
        let spacer = HistorySelection(mode: .block, anchor: HistoryPosition(line: 0, column: 3),
                                      cursor: HistoryPosition(line: 0, column: 3))
        XCTAssertEqual(spacer.text(in: doc), "漢", "a column on the spacer takes the character")
    }

    func testStreamSelectionRunsFromCellToCell() {
        let doc = document("hello world\r\nsecond line\r\nthird", columns: 20, rows: 4)
        let drag = HistorySelection(mode: .stream, anchor: HistoryPosition(line: 0, column: 6),
                                    cursor: HistoryPosition(line: 2, column: 2))
        XCTAssertEqual(drag.text(in: doc), "world\nsecond line\nthi")
    }

    /// New-user trial: copying across rewound screens took Drover's "── now ───" and
    /// "── screen 1 of 1, …" label rows along; only the host's rows are copied.
    func testSelectionsCopyTheHostsRowsButNeverDroversLabelRows() {
        let terminal = Terminal(columns: 20, rows: 2)
        terminal.feed("now-1\r\nnow-2")
        let now = ContinuousClock.now
        // The past screen's last row autowrapped: it must not join the label row after it.
        let past = SnapshotStore.Snapshot(rows: [HistoryRow(text: "past-1"), HistoryRow(cells: HistoryRow(text: "past-2").cells, wrapped: true)],
                                          taken: now - .seconds(5))
        let doc = HistoryDocument(terminal: terminal, snapshots: [past], now: now)
        XCTAssertEqual(doc.kinds, [.header, .snapshot, .snapshot, .header, .screen, .screen])
        XCTAssertTrue(doc.rows[3].text(columns: 0..<20).hasPrefix("── now"), "the document does show the labels")
        for mode: HistorySelection.Mode in [.lines, .block, .stream] {
            let all = HistorySelection(mode: mode, anchor: HistoryPosition(line: 0, column: 0),
                                       cursor: HistoryPosition(line: 5, column: 19))
            XCTAssertEqual(all.text(in: doc), "past-1\npast-2\nnow-1\nnow-2", "\(mode)")
        }
        let endsOnALabel = HistorySelection(mode: .lines, anchor: HistoryPosition(line: 2, column: 0),
                                            cursor: HistoryPosition(line: 3, column: 0))
        XCTAssertEqual(endsOnALabel.text(in: doc), "past-2", "no newline for the label left out")
        let onlyALabel = HistorySelection(mode: .lines, anchor: HistoryPosition(line: 3, column: 0),
                                          cursor: HistoryPosition(line: 3, column: 0))
        XCTAssertEqual(onlyALabel.text(in: doc), "")
    }

    func testScrollbackRowsComeBeforeTheScreenAndKeepTheirText() {
        let lines = (1...30).map { "line-\($0)" }.joined(separator: "\r\n")
        let doc = document(lines, columns: 20, rows: 10)
        XCTAssertEqual(doc.count, 30)
        XCTAssertEqual(doc.kinds.filter { $0 == .scrollback }.count, 20)
        XCTAssertEqual(doc.rows[0].text(columns: 0..<20), "line-1")
        XCTAssertEqual(doc.rows[29].text(columns: 0..<20), "line-30")
        XCTAssertEqual(doc.cursorLine, 29)
    }
}
