import XCTest
@testable import VT

/// Issue 9, item 9: however a stream fills the style, link and cluster tables, the emulator's
/// work stays proportional to the bytes fed. The worst streams bring a new entry with every
/// cell and keep them all in a full history (80×24 with 1000 lines, as `drover replay` uses:
/// 80,000 history cells, more than the style and cluster tables hold).
final class BoundedTablesTests: XCTestCase {
    static let columns = 80, rows = 24, history = 1000

    static let worstStreams: [(name: String, bytes: [UInt8])] = [
        ("styles", HostileStreams.styles(140_000)),
        ("links", HostileStreams.afterFullHistory(history, HostileStreams.links(20_000))),
        ("clusters", HostileStreams.clusters(140_000)),
        ("mixed", HostileStreams.afterFullHistory(history, HostileStreams.mixed(80_000))),
    ]

    private func feedInChunks(_ t: Terminal, _ bytes: [UInt8]) {
        bytes.withUnsafeBytes { all in
            for start in stride(from: 0, to: all.count, by: 65_536) {
                t.feed(UnsafeRawBufferPointer(rebasing: all[start..<min(start + 65_536, all.count)]))
            }
        }
    }

    /// The deterministic bound: the sweeps' cell and entry visits never exceed
    /// `cellsPerByte` per byte fed (the old tables rescanned the history for every new entry
    /// once full: about 80,000 cells per 30-byte unit).
    func testWorstStreamsDoBoundedTableWorkPerByte() {
        for (name, bytes) in Self.worstStreams {
            let t = Terminal(columns: Self.columns, rows: Self.rows, scrollbackLimit: Self.history)
            feedInChunks(t, bytes)
            let budget = t.screen.budget
            XCTAssertEqual(t.scrollback.count, Self.history, "\(name): history full")
            XCTAssertGreaterThan(budget.compactions, 0, "\(name): full tables are still swept")
            XCTAssertLessThanOrEqual(budget.spent, CompactionBudget.cellsPerByte * bytes.count, name)
            // Each sweep visits at least the full history, so sweeps are rare.
            XCTAssertLessThanOrEqual(budget.compactions * Self.columns * Self.history, CompactionBudget.cellsPerByte * bytes.count, name)
        }
    }

    /// The bound, measured: once an attack has filled the tables and the history,
    /// the rest of each worst stream is compared with plain text of the same length, fed to a
    /// terminal in the same state in the same test (best of two each). The issue asks for
    /// 10%, which a release build meets (`drover replay --bench`: ADR 0007); this debug-built
    /// test checks a generous 2.5% (the old tables: 1.1 MB in ~15 s, well under 0.1%), as unoptimised code
    /// slows the UTF-8 and cluster paths far more than the bulk ASCII path, and the machine
    /// running the tests is shared. The work counter above is the exact bound.
    func testWorstStreamsKeepAFractionOfPlainTextThroughput() {
        for (name, bytes) in Self.worstStreams {
            let attack = steadyStateSpeed(of: bytes)
            let plain = steadyStateSpeed(of: HostileStreams.plain(bytes.count))
            XCTAssertGreaterThanOrEqual(attack, plain * 0.025, "\(name): \(attack) MiB/s against plain text's \(plain) MiB/s")
        }
    }

    /// MiB/s for the second half of `bytes`, after the first half went into the terminal.
    private func steadyStateSpeed(of bytes: [UInt8]) -> Double {
        let half = bytes.count / 2
        var best = Duration.seconds(1_000)
        for _ in 0..<2 {
            let t = Terminal(columns: Self.columns, rows: Self.rows, scrollbackLimit: Self.history)
            feedInChunks(t, Array(bytes[..<half]))
            let rest = Array(bytes[half...])
            best = min(best, ContinuousClock().measure { feedInChunks(t, rest) })
        }
        let seconds = Double(best.components.seconds) + Double(best.components.attoseconds) / 1e18
        return Double(bytes.count - half) / 1_048_576 / seconds
    }

    /// The common case loses nothing: styles that scrolled away are swept, and 70,000
    /// distinct colours written over the same cell all come out exact.
    func testStylesStayExactWhenOldOnesAreGone() {
        let t = Terminal(columns: 10, rows: 2, scrollbackLimit: 0)
        for i in 0..<70_000 {
            let (r, g, b) = (UInt8(i & 0xFF), UInt8((i >> 8) & 0xFF), UInt8(i % 251))
            t.feed("\u{1B}[H\u{1B}[38;2;\(r);\(g);\(b)mx")
            if i % 9_999 == 0 || i == 69_999 {
                XCTAssertEqual(t.cell(0, 0).attributes.foreground, .rgb(r, g, b), "style \(i)")
            }
        }
        XCTAssertGreaterThan(t.screen.budget.compactions, 0)
    }

    /// Under attack (a full table of styles still in the history, no sweep paid for yet) a new
    /// style falls back to the nearest palette colours at once, never to none or a wrong one.
    func testFullTableOfStylesInUseFallsBackToTheNearestPaletteColour() {
        let t = Terminal(columns: Self.columns, rows: Self.rows, scrollbackLimit: Self.history)
        feedInChunks(t, HostileStreams.styles(70_000))
        XCTAssertTrue(t.screen.styles.isFull)
        XCTAssertFalse(t.screen.budget.affords(t.screen.compactionCost))
        t.feed("\u{1B}[H\u{1B}[38;2;250;10;20;48;2;1;2;3mA")
        let cell = t.cell(0, 0)
        XCTAssertEqual(cell.attributes.foreground, .indexed(Color.nearestPaletteIndex(red: 250, green: 10, blue: 20)))
        XCTAssertEqual(cell.attributes.background, .indexed(Color.nearestPaletteIndex(red: 1, green: 2, blue: 3)))
        XCTAssertEqual(cell.content, UInt32(UInt8(ascii: "A")))
    }

    /// Numbers of swept clusters and links are reused; what stays on screen keeps its text.
    func testSweptNumbersAreReusedWithoutDisturbingCellsInUse() {
        let t = Terminal(columns: 8, rows: 2, scrollbackLimit: 0)
        t.feed("e\u{301}\u{1B}]8;;https://kept\u{1B}\\k\u{1B}]8;;\u{1B}\\\r\n")
        // Each written over the same cell of the second row, so all but the last are swept.
        for i in 0..<70_000 { t.feed(Array("\u{1B}[2;1H".utf8) + HostileStreams.cluster(i)) }
        XCTAssertEqual(Array(t.frame().text(of: t.cell(1, 0)).utf8), HostileStreams.cluster(69_999))
        let clustersBefore = t.screen.budget.compactions
        for i in 0..<5_000 { t.feed("\u{1B}[2;1H\u{1B}]8;;https://e.x/\(i)\u{1B}\\y") }
        let f = t.frame()
        XCTAssertEqual(f.text(of: f[0, 0]), "e\u{301}")
        XCTAssertEqual(link(f, 0, 1), "https://kept")
        XCTAssertEqual(link(f, 1, 0), "https://e.x/4999")
        XCTAssertGreaterThan(clustersBefore, 0, "clusters were swept")
        XCTAssertGreaterThan(t.screen.budget.compactions, clustersBefore, "links were swept")
    }

    private func link(_ f: Frame, _ row: Int, _ column: Int) -> String? {
        let index = Int(f[row, column].attributes.link) - 1
        return f.links.indices.contains(index) ? f.links[index] : nil
    }
}
