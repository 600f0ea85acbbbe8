/// Past screens of every attached host (the rewind for alternate-screen programs such as
/// herdr), kept within one memory budget for all hosts together.
///
/// Rows are hash-consed per host (`RowTable`), so consecutive screens share what did not
/// change. When the total passes `budget`, the oldest snapshot goes first, taken from the
/// hidden hosts while the host in front uses no more than half the budget, so the screens a
/// person is most likely to rewind survive (docs/adr/0010).
public final class SnapshotStore {
    /// One past screen: its rows top to bottom, shared with other snapshots of the same host.
    public struct Snapshot: @unchecked Sendable {
        public let rows: [HistoryRow]
        public let taken: ContinuousClock.Instant
    }

    /// The default budget, 48 MiB.
    public static let defaultBudget = 48 << 20
    /// What a snapshot costs beside its rows (its row list and bookkeeping).
    static func overhead(rows: Int) -> Int { 64 + rows * MemoryLayout<HistoryRow>.stride }

    private struct Track {
        var snapshots: [Snapshot] = []
        var rows = RowTable()
        var overhead = 0
        var bytes: Int { rows.bytes + overhead }
    }

    public var budget: Int {
        didSet { evict() }
    }
    /// The host in front (an index given to `record`); it keeps at least half the budget.
    public var front: Int = 0 {
        didSet { evict() }
    }
    private var tracks: [Int: Track] = [:]

    public init(budget: Int = SnapshotStore.defaultBudget) {
        self.budget = max(0, budget)
    }

    /// Bytes held for all hosts together.
    public var bytes: Int { tracks.values.reduce(0) { $0 + $1.bytes } }
    public func bytes(host: Int) -> Int { tracks[host]?.bytes ?? 0 }
    /// Distinct rows held for `host`.
    public func uniqueRows(host: Int) -> Int { tracks[host]?.rows.count ?? 0 }
    public func snapshots(host: Int) -> [Snapshot] { tracks[host]?.snapshots ?? [] }
    public var snapshotCount: Int { tracks.values.reduce(0) { $0 + $1.snapshots.count } }

    /// Keeps `rows` as `host`'s newest screen unless it equals the newest already kept.
    /// Returns whether it was kept.
    @discardableResult
    public func record(host: Int, rows candidate: [HistoryRow], at time: ContinuousClock.Instant) -> Bool {
        var track = tracks[host] ?? Track()
        let rows = candidate.map { track.rows.retain($0) }
        if let last = track.snapshots.last, last.rows.count == rows.count,
           zip(last.rows, rows).allSatisfy({ $0 === $1 }) {
            for row in rows { track.rows.release(row) }
            tracks[host] = track
            return false
        }
        track.snapshots.append(Snapshot(rows: rows, taken: time))
        track.overhead += Self.overhead(rows: rows.count)
        tracks[host] = track
        evict()
        return tracks[host]?.snapshots.last?.taken == time
    }

    /// Drops oldest snapshots until the total fits the budget. The front host's are only
    /// candidates while it uses more than half, or when no other host has any left.
    private func evict() {
        var total = bytes
        while total > budget {
            let frontOverHalf = (tracks[front]?.bytes ?? 0) > budget / 2
            let others = tracks.filter { $0.key != front && !$0.value.snapshots.isEmpty }
            var candidates = others
            if frontOverHalf || others.isEmpty, let mine = tracks[front], !mine.snapshots.isEmpty {
                candidates[front] = mine
            }
            guard let oldest = candidates.min(by: { $0.value.snapshots[0].taken < $1.value.snapshots[0].taken })
            else { return }
            let before = oldest.value.bytes
            var track = oldest.value
            let gone = track.snapshots.removeFirst()
            for row in gone.rows { track.rows.release(row) }
            track.overhead -= Self.overhead(rows: gone.rows.count)
            tracks[oldest.key] = track
            total -= before - track.bytes
        }
    }
}
