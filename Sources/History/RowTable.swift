/// Hash-consing for one host's snapshot rows: equal rows are stored once and counted, so a
/// busy TUI that redraws one line of a screen adds one row per snapshot, not a screen.
/// A row leaves the table (and the byte count) when the last snapshot using it goes.
///
/// Copy-on-write by hand, with a count of copies: the table of a busy host holds tens of
/// thousands of rows, and a copy per snapshot (a `var` taken out of a dictionary and put
/// back) costs milliseconds. `SnapshotStore` mutates in place; tests check `copies` stays 0.
struct RowTable {
    private final class Storage {
        var counts: [HistoryRow: Int]
        init(_ counts: [HistoryRow: Int] = [:]) { self.counts = counts }
    }

    private var storage = Storage()
    /// `byteCost` of the rows held, each counted once.
    private(set) var bytes = 0
    /// How many times a mutation found the table shared and had to copy it.
    private(set) var copies = 0

    var count: Int { storage.counts.count }

    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) {
            storage = Storage(storage.counts)
            copies += 1
        }
    }

    /// The shared instance equal to `row` (taking `row` itself if none), counted once more.
    mutating func retain(_ row: HistoryRow) -> HistoryRow {
        makeUnique()
        if let index = storage.counts.index(forKey: row) {
            let shared = storage.counts.keys[index]
            storage.counts.values[index] += 1
            return shared
        }
        storage.counts[row] = 1
        bytes += row.byteCost
        return row
    }

    /// Undoes one `retain`; the row goes when nothing uses it any more.
    mutating func release(_ row: HistoryRow) {
        makeUnique()
        guard let index = storage.counts.index(forKey: row) else { return }
        if storage.counts.values[index] > 1 {
            storage.counts.values[index] -= 1
        } else {
            bytes -= storage.counts.keys[index].byteCost
            storage.counts.remove(at: index)
        }
    }
}
