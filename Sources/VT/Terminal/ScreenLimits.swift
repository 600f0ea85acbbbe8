/// The largest screen Drover's emulator makes, whoever asks: `--size`, a recording's header or
/// resize event, the local terminal's own size. A screen's grid is allocated whole (a cell per
/// column and row, twice with the alternate screen), so a number read from a file or the wire
/// must never choose its size unchecked (ADR 0028).
public enum ScreenLimits {
    public static let columns = 2000
    public static let rows = 1000

    /// True when `columns`x`rows` is a screen Drover makes as asked.
    public static func contains(columns: Int, rows: Int) -> Bool {
        (1...Self.columns).contains(columns) && (1...Self.rows).contains(rows)
    }

    /// `columns`x`rows` brought inside the limits (at least 1x1).
    static func clamped(columns: Int, rows: Int) -> (columns: Int, rows: Int) {
        (min(max(1, columns), Self.columns), min(max(1, rows), Self.rows))
    }
}
