import XCTest
@testable import VT

/// Drover's answer to a minimal stream in the form the xterm oracle records xterm 379's, so
/// the XtermParity* tests can compare it with xterm's own answer: the screen as its media
/// copy prints it, the cursor as DSR 6 reports it, a row's DECRQCRA sum, the replies.
struct XtermParityReadBack {
    let terminal: Terminal

    /// Plays `stream` on a fresh `columns`×`rows` screen with the oracle's xterm colours.
    init(_ stream: String, columns: Int = 40, rows: Int = 10) {
        terminal = Terminal(columns: columns, rows: rows)
        terminal.colors = TerminalColors(foreground: RGBColor(red: 0, green: 0, blue: 0),
                                         background: RGBColor(red: 0xFF, green: 0xFF, blue: 0xFF),
                                         cursor: RGBColor(red: 0, green: 0, blue: 0))
        terminal.feed(stream)
    }

    /// Every reply so far, escaped as the oracle writes them (`\e` for ESC).
    func replies() -> String { XtermAnswer.escape(terminal.takeReplies()) }

    /// The four hex digits of DECRQCRA over the whole of screen row `row` (1-based).
    func rowChecksum(_ row: Int) -> String {
        _ = terminal.takeReplies()
        terminal.feed("\(CSI)1;1;\(row);1;\(row);\(terminal.columns)*y")
        return String(String(decoding: terminal.takeReplies(), as: UTF8.self).dropFirst(5).prefix(4))
    }

    /// The rows as xterm prints them (trailing blanks dropped) and the 1-based cursor; ends
    /// the read-back (the oracle's closing S7C1T and DSR go to the terminal).
    func screen() -> (rows: [String], cursor: String) {
        _ = terminal.takeReplies()
        let answer = XtermAnswer(terminal: terminal, repliesSoFar: [])
        return (answer.rows, String(answer.replies.dropFirst(3).prefix { $0 != "R" }))
    }

    /// `screen()` of `stream` played on a fresh screen.
    static func screen(_ stream: String, columns: Int = 40, rows: Int = 10) -> (rows: [String], cursor: String) {
        XtermParityReadBack(stream, columns: columns, rows: rows).screen()
    }
}
