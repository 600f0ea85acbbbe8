import XCTest
@testable import VT

/// Small helpers shared by the emulator tests.
extension Terminal {
    /// Every row of the visible screen as text (trailing blanks trimmed).
    var lines: [String] {
        let f = frame()
        return (0..<f.rows).map { f.rowText($0) }
    }

    /// The cell at a 0-based position.
    func cell(_ row: Int, _ column: Int) -> Cell {
        frame()[row, column]
    }

    /// Feeds and returns the replies as a string.
    func query(_ text: String) -> String {
        _ = takeReplies()
        feed(text)
        return String(decoding: takeReplies(), as: UTF8.self)
    }
}

func assertCursor(_ t: Terminal, _ row: Int, _ column: Int, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(t.cursor.row, row, "cursor row", file: file, line: line)
    XCTAssertEqual(t.cursor.column, column, "cursor column", file: file, line: line)
}

let ESC = "\u{1B}"
let CSI = "\u{1B}["
