import VT

/// `drover replay --format text`: each row with trailing blanks trimmed (a wide character
/// once), then `cursor: ROW,COL` counted from 1 as CUP counts.
enum ScreenText {
    static func render(_ frame: Frame) -> String {
        var lines: [String] = []
        for row in 0..<frame.rows { lines.append(frame.rowText(row)) }
        lines.append("cursor: \(frame.cursorRow + 1),\(frame.cursorColumn + 1)")
        return lines.joined(separator: "\n") + "\n"
    }
}
