import XCTest
@testable import VT

/// History rows are stored compacted (ADR 0014): these check that what comes back is what
/// went in, and that the stored bytes are what the memory targets need.
final class CompactHistoryTests: XCTestCase {
    private func roundTrip(_ cells: [StoredCell], wrapped: Bool, file: StaticString = #filePath, line: UInt = #line) -> Int {
        let width = cells.count
        var bytes = [UInt8](repeating: 0xEE, count: CompactRow.maximumSize(width: width))
        let size = cells.withUnsafeBufferPointer { c in
            bytes.withUnsafeMutableBufferPointer { CompactRow.encode(c.baseAddress!, width: width, wrapped: wrapped, into: $0.baseAddress!) }
        }
        XCTAssertLessThanOrEqual(size, CompactRow.maximumSize(width: width), file: file, line: line)
        var back = [StoredCell](repeating: StoredCell(content: 7, style: 7), count: width)
        let backWrapped = bytes.withUnsafeBufferPointer { b in
            back.withUnsafeMutableBufferPointer { CompactRow.decode(b.baseAddress!, width: width, into: $0.baseAddress!) }
        }
        XCTAssertEqual(back, cells, file: file, line: line)
        XCTAssertEqual(backWrapped, wrapped, file: file, line: line)
        return size
    }

    func testRandomRowsComeBackCellForCell() {
        var state: UInt64 = 0x1234_5678
        func next() -> UInt32 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt32(truncatingIfNeeded: state >> 33)
        }
        let contents: [UInt32] = [0, 0x41, 0x7F, 0x80, 0x3FFF, 0x4000, 0x10_FFFF, Cell.clusterBase + 3,
                                  0x4E2D | StoredCell.wideBit, StoredCell.spacerBit, StoredCell.wrapPadBit]
        let styles: [UInt32] = [0, 1, 0x1F_F000, StyleTable.tableBit | 5, UInt32.max]
        for width in [1, 2, 7, 80, 200, 1000] {
            for round in 0..<20 {
                let cells = (0..<width).map { _ in
                    StoredCell(content: contents[Int(next()) % contents.count], style: styles[Int(next()) % styles.count])
                }
                _ = roundTrip(cells, wrapped: round % 2 == 0)
            }
        }
    }

    func testTrailingBlanksAndOneStyleRunsAreStoredOnce() {
        var cells = (0..<200).map { $0 < 50 ? StoredCell(content: 0x61, style: 9) : .blank(3) }
        let short = roundTrip(cells, wrapped: false)
        // flags 1 + kept 1 + fill 4 + one run (style 4, length 2) + 50 one-byte contents.
        XCTAssertEqual(short, 62)
        cells[199] = StoredCell(content: 0x62, style: 9)
        XCTAssertEqual(roundTrip(cells, wrapped: true), 1 + 2 + 4 + (6 + 50) + (6 + 149) + (6 + 1))
        XCTAssertEqual(roundTrip([StoredCell](repeating: .blank(0), count: 200), wrapped: false), 6)
        // A run longer than a 2-byte length holds is split in two.
        XCTAssertEqual(roundTrip([StoredCell](repeating: StoredCell(content: 0x41, style: 2), count: 70_000), wrapped: false),
                       1 + 3 + 4 + (6 + 65_535) + (6 + 4_465))
    }

    func testWideAndCombiningCharactersSurviveHistory() {
        let t = Terminal(columns: 12, rows: 1)
        t.feed("\(CSI)1;31m中e\u{301}\(CSI)0m🙂x\(CSI)44m\(CSI)K")
        let before = t.frame()
        t.feed("\r\nnext")
        XCTAssertEqual(t.scrollback.count, 1)
        XCTAssertEqual(t.scrollback[0], (0..<12).map { before[0, $0] })
        XCTAssertEqual(t.scrollback.text(at: 0), "中é🙂x")
    }

    func testReflowAndResizeReadCompactedHistoryBack() {
        let t = Terminal(columns: 10, rows: 2)
        t.feed("0123456789abcdefghij\r\nxy\r\nz")
        t.resize(columns: 20, rows: 4)
        XCTAssertEqual(t.lines, ["0123456789abcdefghij", "xy", "z", ""])
        XCTAssertEqual(t.scrollback.count, 0)
    }

    /// The 32 MiB target: 10,000 history lines of 200 columns of text.
    func testTenThousandFullLinesOf200ColumnsStayUnderThreeMiB() {
        let t = Terminal(columns: 200, rows: 50, scrollbackLimit: 10_000)
        let line = String((0..<200).map { Character(Unicode.Scalar(UInt8(0x21 + $0 % 90))) })
        for i in 0..<10_500 {
            t.feed("\(CSI)\(31 + i % 7)m\(line.prefix(100))\(CSI)0m\(line.suffix(100))\r\n")
        }
        XCTAssertEqual(t.scrollback.count, 10_000)
        XCTAssertEqual(t.scrollback[9_999].count, 200)
        let stored = t.screen.history.storedBytes
        // 8-byte cells would be 16,000,000 bytes.
        XCTAssertLessThanOrEqual(stored, 3 << 20, "history of 10,000 x 200 holds \(stored) bytes")
        XCTAssertGreaterThanOrEqual(stored, 10_000 * 200)
    }

    func testDroppingOldRowsFreesTheirChunks() {
        let t = Terminal(columns: 80, rows: 2, scrollbackLimit: 100)
        for i in 0..<50_000 { t.feed("row \(i) \(String(repeating: "z", count: 60))\r\n") }
        XCTAssertEqual(t.scrollback.count, 100)
        XCTAssertEqual(t.scrollback.text(at: 99), "row 49998 \(String(repeating: "z", count: 60))")
        // Two chunks at most in use, and the one last freed, kept for the next.
        XCTAssertLessThanOrEqual(t.screen.history.storedBytes, 3 * Scrollback.chunkSize)
    }

    /// 50,000 rows of about 80 bytes fill some 60 chunks in turn; a freed one is taken again,
    /// so the allocator sees a handful of chunk allocations, not one per chunk filled.
    func testAFreedChunkIsReusedForTheNext() {
        let t = Terminal(columns: 80, rows: 2, scrollbackLimit: 100)
        for i in 0..<50_000 { t.feed("row \(i) \(String(repeating: "z", count: 60))\r\n") }
        XCTAssertEqual(t.scrollback.text(at: 99), "row 49998 \(String(repeating: "z", count: 60))")
        XCTAssertLessThanOrEqual(t.screen.history.chunksAllocated, 3)
    }
}
