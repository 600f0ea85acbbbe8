/// Past screens of every attached host (the rewind for alternate-screen programs such as
/// herdr), kept within one memory budget for all hosts together.
///
/// Rows are hash-consed per host (`RowTable`), so consecutive screens share what did not
/// change. When the total passes `budget`, the oldest snapshot goes first, taken from the
/// hidden hosts while the host in front uses no more than half the budget, so the screens a
/// person is most likely to rewind survive (docs/adr/0010).
public final class SnapshotStore {
    /// One past screen: its rows top to bottom, shared with other snapshots of the same host.
    public struct Snapshot: Sendable {
        public let rows: [HistoryRow]
        public let taken: ContinuousClock.Instant
    }

    /// The default budget, 16 MiB: sixteen busy hosts stay within issue 29's 48 MiB with their
    /// rewinds full (48 MiB, the budget before, put one busy host alone at 66 MiB; ADR 0010).
    public static let defaultBudget = 16 << 20
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

    /// How often a host's row table was copied instead of changed in place (0 unless a
    /// change here takes a track out of `tracks` while it is still stored).
    var rowTableCopies: Int { tracks.values.reduce(0) { $0 + $1.rows.copies } }

    /// Keeps `rows` as `host`'s newest screen unless it equals the newest already kept.
    /// Returns whether it was kept. The track is changed in place (`tracks[host, default:]`),
    /// never copied out and back, so its row table is not copied per snapshot.
    @discardableResult
    public func record(host: Int, rows candidate: [HistoryRow], at time: ContinuousClock.Instant) -> Bool {
        let kept = Self.append(candidate, at: time, to: &tracks[host, default: Track()])
        guard kept else { return false }
        evict()
        return tracks[host]?.snapshots.last?.taken == time
    }

    private static func append(_ candidate: [HistoryRow], at time: ContinuousClock.Instant, to track: inout Track) -> Bool {
        let rows = candidate.map { track.rows.retain($0) }
        if let last = track.snapshots.last, last.rows.count == rows.count,
           zip(last.rows, rows).allSatisfy({ $0 === $1 }) {
            for row in rows { track.rows.release(row) }
            return false
        }
        track.snapshots.append(Snapshot(rows: rows, taken: time))
        track.overhead += overhead(rows: rows.count)
        return true
    }

    /// Drops oldest snapshots until the total fits the budget. The front host's are only
    /// candidates while it uses more than half, or when no other host has any left.
    private func evict() {
        var total = bytes
        while total > budget, let host = oldestCandidate() {
            total -= Self.dropOldest(from: &tracks[host, default: Track()])
        }
    }

    /// The host whose oldest snapshot goes next; looks without taking any track out.
    private func oldestCandidate() -> Int? {
        let frontOverHalf = (tracks[front]?.bytes ?? 0) > budget / 2
        var oldest: (host: Int, taken: ContinuousClock.Instant)?
        var othersHaveAny = false
        func consider(_ host: Int, _ taken: ContinuousClock.Instant) {
            if let current = oldest, current.taken <= taken { return }
            oldest = (host, taken)
        }
        for (host, track) in tracks where host != front {
            guard let first = track.snapshots.first else { continue }
            othersHaveAny = true
            consider(host, first.taken)
        }
        if frontOverHalf || !othersHaveAny, let first = tracks[front]?.snapshots.first {
            consider(front, first.taken)
        }
        return oldest?.host
    }

    /// Drops `track`'s oldest snapshot in place; returns the bytes freed.
    private static func dropOldest(from track: inout Track) -> Int {
        let before = track.bytes
        let gone = track.snapshots.removeFirst()
        for row in gone.rows { track.rows.release(row) }
        track.overhead -= overhead(rows: gone.rows.count)
        return before - track.bytes
    }
}
