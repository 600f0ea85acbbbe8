import QR

/// Whether a QR code fits the terminal it is about to be drawn on. A code cut off at the
/// right edge or scrolled partly away reads as nothing (or, worse, as a different code), so
/// commands say how large the terminal must be instead of drawing it.
enum QRDisplay {
    /// The columns and rows needed, when the terminal is smaller than that; nil when the
    /// code fits or there is no terminal (output to a file or pipe is never cut).
    static func shortfall(_ code: QRCode, extraRows: Int,
                          terminal: (columns: Int, rows: Int)?) -> (columns: Int, rows: Int)? {
        guard let terminal else { return nil }
        let need = (columns: code.textSize.columns, rows: code.textSize.rows + extraRows)
        return terminal.columns < need.columns || terminal.rows < need.rows ? need : nil
    }

    /// "80x45 characters (this one is 60x24)".
    static func sizes(need: (columns: Int, rows: Int), have: (columns: Int, rows: Int)) -> String {
        "\(need.columns)x\(need.rows) characters (this one is \(have.columns)x\(have.rows))"
    }
}
