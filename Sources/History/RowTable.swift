/// Hash-consing for one host's snapshot rows: equal rows are stored once and counted, so a
/// busy TUI that redraws one line of a screen adds one row per snapshot, not a screen.
/// A row leaves the table (and the byte count) when the last snapshot using it goes.
struct RowTable {
    private var counts: [HistoryRow: Int] = [:]
    /// `byteCost` of the rows held, each counted once.
    private(set) var bytes = 0

    var count: Int { counts.count }

    /// The shared instance equal to `row` (taking `row` itself if none), counted once more.
    mutating func retain(_ row: HistoryRow) -> HistoryRow {
        if let index = counts.index(forKey: row) {
            let shared = counts.keys[index]
            counts.values[index] += 1
            return shared
        }
        counts[row] = 1
        bytes += row.byteCost
        return row
    }

    /// Undoes one `retain`; the row goes when nothing uses it any more.
    mutating func release(_ row: HistoryRow) {
        guard let index = counts.index(forKey: row) else { return }
        if counts.values[index] > 1 {
            counts.values[index] -= 1
        } else {
            bytes -= counts.keys[index].byteCost
            counts.remove(at: index)
        }
    }
}
