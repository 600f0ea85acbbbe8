import XCTest
import VT
@testable import History

/// The rewind's store: equal rows are kept once, the budget holds for all hosts together,
/// the oldest snapshot goes first and the host in front keeps at least half.
final class SnapshotStoreTests: XCTestCase {
    let start = ContinuousClock.now

    func screen(_ lines: [String]) -> [HistoryRow] { lines.map { HistoryRow(text: $0) } }
    func at(_ seconds: Int) -> ContinuousClock.Instant { start.advanced(by: .seconds(seconds)) }

    /// Each record and each eviction changes a host's row table in place: copying a table of
    /// thousands of rows per snapshot made an hour of a busy TUI cost milliseconds a frame.
    func testRecordingAndEvictingNeverCopyARowTable() {
        let one = SnapshotStore.overhead(rows: 2) + 2 * HistoryRow(text: "value 000").byteCost
        let store = SnapshotStore(budget: one * 8)
        for n in 0..<200 {
            store.record(host: n % 3, rows: screen(["value \(n)", "same"]), at: at(n))
            store.record(host: n % 3, rows: screen(["value \(n)", "same"]), at: at(n))  // unchanged: not kept
        }
        store.front = 1
        XCTAssertLessThan(store.snapshotCount, 200, "evictions happened")
        XCTAssertEqual(store.rowTableCopies, 0)
    }

    func testTheCopyCounterSeesASharedTable() {
        var table = RowTable()
        _ = table.retain(HistoryRow(text: "a"))
        var other = table
        _ = other.retain(HistoryRow(text: "b"))
        XCTAssertEqual(other.copies, 1)
        XCTAssertEqual(table.count, 1, "the first table is unchanged")
        XCTAssertEqual(table.copies, 0)
    }

    func testUnchangedRowsAreSharedBetweenSnapshots() {
        let store = SnapshotStore(budget: 1 << 20)
        store.record(host: 0, rows: screen(["title", "counter 1", "footer"]), at: at(0))
        store.record(host: 0, rows: screen(["title", "counter 2", "footer"]), at: at(1))
        let kept = store.snapshots(host: 0)
        XCTAssertEqual(kept.count, 2)
        XCTAssertTrue(kept[0].rows[0] === kept[1].rows[0], "the title row is one object")
        XCTAssertTrue(kept[0].rows[2] === kept[1].rows[2])
        XCTAssertFalse(kept[0].rows[1] === kept[1].rows[1])
        XCTAssertEqual(store.uniqueRows(host: 0), 4)
        let rowBytes = ["title", "counter 1", "counter 2", "footer"].map { HistoryRow(text: $0).byteCost }.reduce(0, +)
        XCTAssertEqual(store.bytes, rowBytes + 2 * SnapshotStore.overhead(rows: 3))
    }

    func testAnUnchangedScreenIsNotKeptTwice() {
        let store = SnapshotStore(budget: 1 << 20)
        XCTAssertTrue(store.record(host: 0, rows: screen(["a", "b"]), at: at(0)))
        XCTAssertFalse(store.record(host: 0, rows: screen(["a", "b"]), at: at(1)))
        XCTAssertEqual(store.snapshotCount, 1)
        XCTAssertEqual(store.uniqueRows(host: 0), 2)
    }

    func testTheOldestSnapshotGoesFirstAndTheBudgetHolds() {
        let one = SnapshotStore.overhead(rows: 1) + HistoryRow(text: "value 000").byteCost
        let store = SnapshotStore(budget: one * 3)
        for n in 0..<10 { store.record(host: 0, rows: screen([String(format3(n))]), at: at(n)) }
        XCTAssertLessThanOrEqual(store.bytes, store.budget)
        XCTAssertEqual(store.snapshots(host: 0).map { $0.rows[0].text(columns: 0..<20) }, ["value 007", "value 008", "value 009"])
        XCTAssertEqual(store.uniqueRows(host: 0), 3, "rows of dropped snapshots are freed")
    }

    func testTheHostInFrontKeepsAtLeastHalf() {
        let one = SnapshotStore.overhead(rows: 1) + HistoryRow(text: "value 000").byteCost
        let store = SnapshotStore(budget: one * 4)
        store.front = 1
        // The front host's screens are older than the hidden host's, yet they stay while it
        // uses no more than half the budget.
        store.record(host: 1, rows: screen([format3(100)]), at: at(0))
        store.record(host: 1, rows: screen([format3(101)]), at: at(1))
        for n in 0..<6 { store.record(host: 0, rows: screen([format3(n)]), at: at(10 + n)) }
        XCTAssertEqual(store.snapshots(host: 1).count, 2)
        XCTAssertEqual(store.snapshots(host: 0).count, 2)
        XCTAssertLessThanOrEqual(store.bytes, store.budget)
        // More for the front host: once it is over half, its own screens are candidates too and
        // the oldest of all goes (its 100 and 101 before the hidden host's 004).
        for n in 0..<3 { store.record(host: 1, rows: screen([format3(200 + n)]), at: at(20 + n)) }
        XCTAssertLessThanOrEqual(store.bytes, store.budget)
        XCTAssertEqual(store.snapshots(host: 1).map { $0.rows[0].text(columns: 0..<20) }, ["value 200", "value 201", "value 202"])
        XCTAssertEqual(store.snapshots(host: 0).map { $0.rows[0].text(columns: 0..<20) }, ["value 005"])
    }

    func testAnHourOfABusyScreenStaysWithinTheBudget() {
        // 4 snapshots a second for an hour, 24 rows, one of which changes each time.
        let budget = 2 << 20
        let store = SnapshotStore(budget: budget)
        var rows = (0..<24).map { HistoryRow(text: "static row \($0) " + String(repeating: "x", count: 100)) }
        for tick in 0..<(3600 * 4) {
            rows[tick % 24] = HistoryRow(text: "tick \(tick) " + String(repeating: "y", count: 100))
            store.record(host: 0, rows: rows, at: start.advanced(by: .milliseconds(250 * tick)))
            XCTAssertLessThanOrEqual(store.bytes, budget)
        }
        XCTAssertGreaterThan(store.snapshotCount, 100)
    }

    private func format3(_ n: Int) -> String {
        "value " + String(repeating: "0", count: max(0, 3 - String(n).count)) + String(n)
    }
}
