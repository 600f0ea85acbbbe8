@testable import VT
import TestSupport
import XCTest

/// `CompactRow.encode` writes exactly the bytes ADR 0014 describes, whatever shortcuts it takes
/// (eight ASCII cells at a time): compared with a plain cell-by-cell writer of the format.
final class CompactRowBytesTests: XCTestCase {
    /// The format, written one field and one cell at a time.
    private func reference(_ cells: [StoredCell], wrapped: Bool) -> [UInt8] {
        func varint(_ v: UInt32, _ out: inout [UInt8]) {
            var v = v
            while v >= 0x80 { out.append(UInt8(v & 0x7F) | 0x80); v >>= 7 }
            out.append(UInt8(v))
        }
        func word(_ v: UInt32, _ out: inout [UInt8]) { for s in [0, 8, 16, 24] { out.append(UInt8((v >> UInt32(s)) & 0xFF)) } }
        var kept = cells.count
        var fill: UInt32 = 0
        if let last = cells.last, last.content == 0 {
            fill = last.style
            while kept > 0 && cells[kept - 1] == last { kept -= 1 }
        }
        var out: [UInt8] = [wrapped ? 1 : 0]
        varint(UInt32(kept), &out)
        word(fill, &out)
        var i = 0
        while i < kept {
            var end = i
            while end < kept && end - i < 0xFFFF && cells[end].style == cells[i].style { end += 1 }
            word(cells[i].style, &out)
            out.append(UInt8((end - i) & 0xFF))
            out.append(UInt8((end - i) >> 8))
            for cell in cells[i..<end] { varint(cell.content, &out) }
            i = end
        }
        return out
    }

    private func encoded(_ cells: [StoredCell], wrapped: Bool) -> [UInt8] {
        var bytes = [UInt8](repeating: 0xEE, count: CompactRow.maximumSize(width: cells.count))
        let size = cells.withUnsafeBufferPointer { c in
            bytes.withUnsafeMutableBufferPointer { CompactRow.encode(c.baseAddress!, width: cells.count, wrapped: wrapped, into: $0.baseAddress!) }
        }
        return Array(bytes.prefix(size))
    }

    func testEveryBreakInAnASCIIRunGivesTheFormatsBytes() {
        // An ASCII run of 20 cells broken at each position by a non-ASCII cell or a style change.
        for at in 0..<20 {
            for breaker in [StoredCell(content: 0xE9, style: 1), StoredCell(content: 0x41, style: 2),
                            StoredCell(content: 0x80, style: 1), StoredCell(content: 0x1F600 | StoredCell.wideBit, style: 1)] {
                var row = (0..<20).map { StoredCell(content: 0x21 + UInt32($0), style: 1) }
                row[at] = breaker
                row += [StoredCell(content: 0x7E, style: 1), StoredCell(content: 0, style: 3), StoredCell(content: 0, style: 3)]
                XCTAssertEqual(encoded(row, wrapped: at % 2 == 0), reference(row, wrapped: at % 2 == 0), "break at \(at): \(breaker)")
            }
        }
    }

    /// Every varint length (1 to 5 bytes), in the worst row for space (a style change at every
    /// cell): the format's bytes, and nothing written past `maximumSize` (a varint of 2 to 4
    /// bytes is one 4-byte store).
    func testEveryContentLengthGivesTheFormatsBytesWithinTheMaximumSize() {
        let contents: [UInt32] = [0x7F, 0x80, 0x3FFF, 0x4000, 0x1F_FFFF, 0x20_0000, 0xFFF_FFFF, 0x1000_0000, .max,
                                  0x4E2D | StoredCell.wideBit, StoredCell.spacerBit, 0x41 | StoredCell.wrapPadBit]
        for content in contents {
            for width in 1...4 {
                let row = (0..<width).map { StoredCell(content: content, style: UInt32($0 + 1)) }
                XCTAssertEqual(encoded(row, wrapped: true), reference(row, wrapped: true), "\(content) x \(width)")
                let size = CompactRow.maximumSize(width: width)
                var bytes = [UInt8](repeating: 0xEE, count: size + 16)
                let written = row.withUnsafeBufferPointer { c in
                    bytes.withUnsafeMutableBufferPointer { CompactRow.encode(c.baseAddress!, width: width, wrapped: true, into: $0.baseAddress!) }
                }
                XCTAssertLessThanOrEqual(written, size)
                XCTAssertEqual(Array(bytes[size...]), [UInt8](repeating: 0xEE, count: 16), "nothing past the maximum size")
            }
        }
    }

    /// Wide characters and spacers in every arrangement (with a spacer in another style, a wide
    /// character without one at a run's or the row's end or before a narrow cell, a lone
    /// spacer) give the format's bytes and decode back to the row.
    func testWideCharactersAndSpacersGiveTheFormatsBytesAndDecodeBack() {
        let wide = StoredCell(content: 0x4E2D | StoredCell.wideBit, style: 1)
        let emoji = StoredCell(content: 0x1F600 | StoredCell.wideBit | StoredCell.leftAloneBit, style: 1)
        let spacer = StoredCell(content: StoredCell.spacerBit, style: 1)
        let rows: [[StoredCell]] = [
            [wide, spacer, emoji, spacer, wide, spacer],
            [wide, StoredCell(content: StoredCell.spacerBit, style: 2), wide, spacer],
            [wide, StoredCell(content: 0xE9, style: 1), spacer, wide],
            [StoredCell(content: 0x41, style: 1), wide, spacer, StoredCell(content: 0x41, style: 3), wide],
            [spacer, wide, spacer, wide, spacer, StoredCell(content: 0, style: 4), StoredCell(content: 0, style: 4)],
        ]
        for row in rows {
            let bytes = encoded(row, wrapped: false)
            XCTAssertEqual(bytes, reference(row, wrapped: false), "\(row)")
            var back = [StoredCell](repeating: .blank(9), count: row.count)
            bytes.withUnsafeBufferPointer { b in
                back.withUnsafeMutableBufferPointer { _ = CompactRow.decode(b.baseAddress!, width: row.count, into: $0.baseAddress!) }
            }
            XCTAssertEqual(back, row)
        }
    }

    /// Seeded random rows mixing every kind of content the screen stores (ASCII, other scalars,
    /// wide characters with and without their spacers, lone spacers, the wrap-pad and left-alone
    /// flags, values of 2^28 and above) in three styles give the format's bytes, and nothing is
    /// written past `maximumSize`.
    func testRandomRowsGiveTheFormatsBytes() {
        for seed in UInt64(1)...500 {
            var rng = SeededRandom(seed: seed)
            let width = Int.random(in: 0...300, using: &rng)
            let styles: [UInt32] = [0, 7, 0x0102_0304]
            var row: [StoredCell] = []
            while row.count < width {
                let style = rng.chance(0.05) ? rng.pick(styles) : styles[1]
                switch Int.random(in: 0..<10, using: &rng) {
                case 0..<5: row.append(StoredCell(content: UInt32.random(in: 0...0x7F, using: &rng), style: style))
                case 5, 6: row.append(StoredCell(content: UInt32.random(in: 0x80...0x10FFFF, using: &rng), style: style))
                case 7:
                    row.append(StoredCell(content: UInt32.random(in: 0x1100...0x1FAFF, using: &rng) | StoredCell.wideBit
                                          | (rng.chance(0.3) ? StoredCell.leftAloneBit : 0), style: style))
                    if rng.chance(0.8) { row.append(StoredCell(content: StoredCell.spacerBit, style: style)) }
                case 8:
                    let flag = rng.pick([StoredCell.spacerBit, StoredCell.wrapPadBit, StoredCell.leftAloneBit])
                    row.append(StoredCell(content: flag | UInt32.random(in: 0...0xFF, using: &rng), style: style))
                default: row.append(StoredCell(content: UInt32.random(in: 0x1000_0000...UInt32.max, using: &rng), style: style))
                }
            }
            row = Array(row.prefix(width))
            let guarded = encodedWithGuard(row)
            XCTAssertEqual(guarded.bytes, reference(row, wrapped: false), "seed \(seed)")
            XCTAssertTrue(guarded.guardIntact, "seed \(seed): written past maximumSize")
        }
    }

    /// `encode` into `maximumSize` bytes followed by 16 guard bytes: what it wrote, and whether
    /// the guard is untouched.
    private func encodedWithGuard(_ cells: [StoredCell]) -> (bytes: [UInt8], guardIntact: Bool) {
        let room = CompactRow.maximumSize(width: cells.count)
        var bytes = [UInt8](repeating: 0xEE, count: room + 16)
        let size = cells.withUnsafeBufferPointer { c in
            bytes.withUnsafeMutableBufferPointer { CompactRow.encode(c.baseAddress!, width: cells.count, wrapped: false, into: $0.baseAddress!) }
        }
        return (Array(bytes.prefix(size)), bytes[room...].allSatisfy { $0 == 0xEE })
    }

    /// `Screen.storeASCII` and `CompactRow` write cells as raw 64-bit words: content in the
    /// low half (offset 0), style in the high half (offset 4), 8 bytes apart. A change to
    /// `StoredCell`'s layout must fail here, not garble the screen.
    func testStoredCellHasTheLayoutTheVectorPathsAssume() {
        XCTAssertEqual(MemoryLayout<StoredCell>.size, 8)
        XCTAssertEqual(MemoryLayout<StoredCell>.stride, 8)
        XCTAssertEqual(MemoryLayout<StoredCell>.offset(of: \StoredCell.content), 0)
        XCTAssertEqual(MemoryLayout<StoredCell>.offset(of: \StoredCell.style), 4)
        let text = Array("The quick brown fox jumps".utf8)   // one vector of 16 and a tail
        let cells = UnsafeMutablePointer<StoredCell>.allocate(capacity: text.count)
        defer { cells.deallocate() }
        cells.initialize(repeating: .blank(0), count: text.count)
        text.withUnsafeBufferPointer { Screen.storeASCII($0.baseAddress!, count: text.count, style: 0x8000_0123, into: cells) }
        XCTAssertEqual((0..<text.count).map { cells[$0] }, text.map { StoredCell(content: UInt32($0), style: 0x8000_0123) })
    }
}
