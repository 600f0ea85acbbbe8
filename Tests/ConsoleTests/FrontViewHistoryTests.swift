import XCTest
import VT
@testable import Console

/// History mode on the view: the screen freezes while output keeps feeding the emulator and
/// the status line counts new lines; keys and the mouse go to the view, never to the remote.
final class FrontViewHistoryTests: XCTestCase {
    typealias Harness = FrontViewTests.Harness

    func testTheScreenFreezesAndCountsNewLinesUntilLeft() throws {
        let h = try Harness(columns: 40, rows: 6)
        h.view.receiveRemote(Array("one\r\ntwo\r\n".utf8))
        try h.run { h.lines.first == "one" }
        h.view.enterHistory()
        try h.run { h.lines.last?.contains("history") == true }
        XCTAssertTrue(h.view.isInHistory)

        h.view.receiveRemote(Array("three\r\nfour\r\n".utf8))
        try h.run { h.lines.last?.contains("+2 new lines") == true }
        XCTAssertEqual(Array(h.lines.prefix(2)), ["one", "two"], "the frozen screen stays")
        XCTAssertFalse(h.lines.contains("three"))
        XCTAssertEqual(h.view.terminal.frame().rowText(2), "three", "the emulator kept up")

        h.view.receiveLocal(Array("jkq".utf8))
        try h.run { h.lines.contains("four") }
        XCTAssertFalse(h.view.isInHistory)
        XCTAssertTrue(h.sent.isEmpty, "no key of history mode reached the remote: \(h.sent)")
    }

    func testWheelScrollsAndADragSelectsWhatYCopies() throws {
        let h = try Harness(columns: 40, rows: 6)
        var copied: [String] = []
        h.copy = { copied.append($0); return "copied" }
        let lines = (1...20).map { "row-\($0)" }.joined(separator: "\r\n")
        h.view.receiveRemote(Array(lines.utf8))
        try h.run { h.lines.contains("row-20") }
        h.view.enterHistory()
        try h.run { h.lines.last?.contains("history") == true }
        // Two wheel notches up: 6 lines.
        h.view.receiveLocal(Array("\u{1B}[<64;1;1M\u{1B}[<64;1;1M".utf8))
        try h.run { h.lines.first == "row-10" }
        // Press on row-11 at column 5 (SGR reports column;row, 1-based), drag to row-12 column 3.
        h.view.receiveLocal(Array("\u{1B}[<0;5;2M\u{1B}[<32;3;3M\u{1B}[<0;3;3my".utf8))
        try h.run { h.lines.last?.contains("copied") == true }
        XCTAssertEqual(copied, ["11\nrow"])
        XCTAssertTrue(h.sent.isEmpty)
    }

    /// A paste in history mode's search prompt is the query; nothing reaches the remote.
    func testAPasteInHistoryModeGoesToTheSearchPrompt() throws {
        let h = try Harness(columns: 40, rows: 6)
        h.view.receiveRemote(Array("alpha\r\nneedle here\r\nomega".utf8))
        try h.run { h.lines.contains("omega") }
        h.view.enterHistory()
        h.view.receiveLocal([UInt8(ascii: "/")])
        h.view.receiveLocal(Array("\u{1B}[200~needle\u{1B}[201~".utf8))
        try h.run { h.lines.last?.contains("/needle") == true }
        XCTAssertTrue(h.sent.isEmpty, "the paste went to the search prompt")
    }
}
