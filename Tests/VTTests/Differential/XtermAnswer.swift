import Foundation
import VT

/// xterm's answer to one corpus stream, as scripts/xterm-oracle wrote it: the screen as
/// xterm's media copy prints it (U+FFFF for the right half of a wide character, a row ending
/// after its last written cell), then `replies: ` and every byte xterm answered, C-escaped.
/// Rows are compared without trailing blanks.
struct XtermAnswer: Equatable {
    var rows: [String]
    var replies: String

    init(rows: [String], replies: String) {
        self.rows = rows
        self.replies = replies
    }

    /// Parses NAME.xterm.txt for a screen of `rowCount` rows.
    init(file: URL, rowCount: Int) throws {
        let text = String(decoding: try Data(contentsOf: file), as: UTF8.self)
        var lines = text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        guard lines.count == rowCount + 1, let last = lines.last, last.hasPrefix("replies: ") else {
            throw XtermAnswerError("\(file.lastPathComponent) is not an xterm-oracle answer for \(rowCount) rows; regenerate it with scripts/xterm-oracle")
        }
        rows = lines.prefix(rowCount).map { row in
            var row = row
            while row.hasSuffix(" ") { row.removeLast() }
            return row
        }
        replies = String(last.dropFirst("replies: ".count))
    }

    /// Our emulator's answer: the stream (already fed) followed by S7C1T, DSR 6 and DSR 5, as the
    /// oracle sends them, and the screen in xterm's print form.
    init(terminal: Terminal, repliesSoFar: [UInt8]) {
        terminal.feed("\u{1B} F\u{1B}[6n\u{1B}[5n")
        let frame = terminal.frame()
        var rows: [String] = []
        for r in 0..<frame.rows {
            // Hidden (SGR 8) characters print as spaces (combining marks stay), the right half
            // of a wide character as U+FFFF. xterm's print ends a row after its last written
            // cell; trailing blanks are not compared (DECRQCRA read-backs check written blanks).
            // A wide character's combining marks print after its right half, as xterm's do.
            var line = ""
            var marks = ""
            for c in 0..<frame.columns {
                let cell = frame[r, c]
                let hidden = cell.attributes.flags.contains(.hidden)
                let text = frame.text(of: cell)
                if cell.isWideSpacer {
                    line += (hidden ? " " : "\u{FFFF}") + marks
                    marks = ""
                } else if c + 1 < frame.columns && frame[r, c + 1].isWideSpacer, let base = text.unicodeScalars.first {
                    line.unicodeScalars.append(hidden ? " " : base)
                    marks = String(text.unicodeScalars.dropFirst())
                } else if hidden {
                    line += " " + String(text.unicodeScalars.dropFirst())
                } else {
                    line += text
                }
            }
            while line.hasSuffix(" ") { line.removeLast() }
            // xterm's print leaves zero-width format characters (ZWJ, ZWSP, ZWNJ, word joiner) out.
            line.unicodeScalars.removeAll { (0x200B...0x200F).contains($0.value) || (0x2060...0x2064).contains($0.value) }
            rows.append(line)
        }
        self.rows = rows
        replies = XtermAnswer.escape(repliesSoFar + terminal.takeReplies())
    }

    /// The oracle's escaping: ESC as `\e`, backslash doubled, printable ASCII as is, other bytes `\xhh`.
    static func escape(_ bytes: [UInt8]) -> String {
        var out = ""
        for b in bytes {
            switch b {
            case 0x1B: out += "\\e"
            case 0x5C: out += "\\\\"
            case 0x20..<0x7F: out.unicodeScalars.append(Unicode.Scalar(b))
            default: out += "\\x" + (b < 16 ? "0" : "") + String(b, radix: 16)
            }
        }
        return out
    }

    /// Readable differences, empty when the answers agree.
    func differences(from xterm: XtermAnswer) -> [String] {
        var out: [String] = []
        for r in 0..<max(rows.count, xterm.rows.count) {
            let a = r < xterm.rows.count ? xterm.rows[r] : "(none)"
            let b = r < rows.count ? rows[r] : "(none)"
            if a != b { out.append("row \(r + 1): xterm '\(a)'\n        ours '\(b)'") }
        }
        if replies != xterm.replies { out.append("replies: xterm \(xterm.replies)\n         ours \(replies)") }
        return out
    }
}

struct XtermAnswerError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
