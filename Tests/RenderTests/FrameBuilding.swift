import VT

/// Builds frames from text for the renderer tests.
extension Frame {
    /// A frame whose rows show `lines` (plain attributes, one column per scalar unless wide).
    static func text(_ lines: [String], columns: Int, rows: Int? = nil) -> Frame {
        var frame = Frame(columns: columns, rows: rows ?? lines.count)
        for (row, line) in lines.enumerated() where row < frame.rows {
            frame.put(line, row: row, column: 0)
        }
        return frame
    }

    /// Writes `text` from `column`; scalars listed in `wide` take two columns.
    mutating func put(_ text: String, row: Int, column: Int, attributes: Attributes = .plain) {
        var position = column
        for scalar in text.unicodeScalars {
            let wide = scalar.value >= 0x1100 && (scalar.value >= 0x3000 || scalar.value <= 0x115F)
            if position + (wide ? 2 : 1) > columns { return }  // clipped at the right edge
            self[row, position] = Cell(content: scalar.value, width: wide ? 2 : 1, attributes: attributes)
            if wide { self[row, position + 1] = Cell(content: 0, width: 0, attributes: attributes) }
            position += wide ? 2 : 1
        }
    }
}

extension Array where Element == UInt8 {
    /// The bytes as a string with ESC shown as `⎋`, for readable assertions.
    var escaped: String {
        String(decoding: self, as: UTF8.self).replacingOccurrences(of: "\u{1B}", with: "⎋")
    }
}
