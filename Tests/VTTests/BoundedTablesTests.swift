import XCTest
@testable import VT

/// Issue 9, item 9: however a stream fills the style, link and cluster tables, the emulator's
/// work stays proportional to the bytes fed. The worst streams bring a new entry with every
/// cell and keep them all in a full history (80×24 with 1000 lines, as `drover replay` uses:
/// 80,000 history cells, more than the style and cluster tables hold).
final class BoundedTablesTests: XCTestCase {
    static let columns = 80, rows = 24, history = 1000

    static let worstStreams: [(name: String, bytes: [UInt8])] = [
        ("styles", HostileStreams.styles(100_000)),
        ("links", HostileStreams.afterFullHistory(history, HostileStreams.links(20_000))),
        ("clusters", HostileStreams.clusters(100_000)),
        ("mixed", HostileStreams.afterFullHistory(history, HostileStreams.mixed(20_000))),
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

    /// The bound, measured: each worst stream goes through at 10% or more of the
    /// speed of plain text of the same length, measured in the same test (best of three each,
    /// after a warm-up, so one-time table set-up and a busy machine count less).
    func testWorstStreamsKeepATenthOfPlainTextThroughput() {
        for (name, bytes) in Self.worstStreams {
            let warmUp = Terminal(columns: Self.columns, rows: Self.rows, scrollbackLimit: Self.history)
            warmUp.feed(Array(bytes.prefix(65_536)))
            let plain = VTBench.throughput(of: HostileStreams.plain(bytes.count), columns: Self.columns, rows: Self.rows,
                                           repeats: 3, scrollbackLimit: Self.history)
            let hostile = VTBench.throughput(of: bytes, columns: Self.columns, rows: Self.rows,
                                             repeats: 3, scrollbackLimit: Self.history)
            print("RATIO \(name) \(hostile / plain)")
            XCTAssertGreaterThanOrEqual(hostile, plain / 10, "\(name): \(hostile) MiB/s against plain text's \(plain) MiB/s")
        }
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

    /// Under attack the fallback is the nearest palette colour, never a wrong or missing one.
    func testFullTableOfStylesInUseFallsBackToTheNearestPaletteColour() {
        let t = Terminal(columns: Self.columns, rows: Self.rows, scrollbackLimit: Self.history)
        feedInChunks(t, HostileStreams.styles(70_000))
        t.feed("\u{1B}[2J\u{1B}[H\u{1B}[38;2;250;10;20mA")
        let fg = t.cell(0, 0).attributes.foreground
        XCTAssertTrue(fg == .rgb(250, 10, 20) || fg == .indexed(Color.nearestPaletteIndex(red: 250, green: 10, blue: 20)),
                      "\(fg)")
        XCTAssertEqual(t.cell(0, 0).content, UInt32(UInt8(ascii: "A")))
    }

    /// Numbers of swept clusters and links are reused; what stays on screen keeps its text.
    func testSweptNumbersAreReusedWithoutDisturbingCellsInUse() {
        let t = Terminal(columns: 8, rows: 2, scrollbackLimit: 0)
        t.feed("e\u{301}\u{1B}]8;;https://kept\u{1B}\\k\u{1B}]8;;\u{1B}\\\r\n")
        // Each written over the same cell of the second row, so all but the last are swept.
        var units = HostileStreams.clusters(70_000)[...]
        var unit: [UInt8] = []
        while let byte = units.popFirst() {
            // A unit is a base letter (U+0400–U+04FF) with its marks: cut before the next base.
            if byte == 0xD0 || byte == 0xD1 || byte == 0xD2 || byte == 0xD3, !unit.isEmpty {
                t.feed(Array("\u{1B}[2;1H".utf8) + unit)
                unit = []
            }
            unit.append(byte)
        }
        t.feed(Array("\u{1B}[2;1H".utf8) + unit)
        let clustersBefore = t.screen.budget.compactions
        for i in 0..<5_000 { t.feed("\u{1B}[2;1H\u{1B}]8;;https://e.x/\(i)\u{1B}\\y") }
        let f = t.frame()
        XCTAssertEqual(f.text(of: f[0, 0]), "e\u{301}")
        XCTAssertEqual(f.links.indices.contains(Int(f[0, 1].attributes.link) - 1) ? f.links[Int(f[0, 1].attributes.link) - 1] : nil,
                       "https://kept")
        XCTAssertEqual(f.links.indices.contains(Int(f[1, 0].attributes.link) - 1) ? f.links[Int(f[1, 0].attributes.link) - 1] : nil,
                       "https://e.x/4999")
        XCTAssertGreaterThan(clustersBefore, 0, "clusters were swept")
        XCTAssertGreaterThan(t.screen.budget.compactions, clustersBefore, "links were swept")
    }
}
