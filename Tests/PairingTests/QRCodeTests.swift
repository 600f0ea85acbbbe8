import XCTest
@testable import Pairing

final class QRCodeTests: XCTestCase {
    private let publicLine = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl drover@laptop"

    func testDimensionsFollowTheVersionAndQuietZone() throws {
        let code = try QRCode("hello")
        XCTAssertEqual(code.version, 1)
        XCTAssertEqual(code.width, 21)
        XCTAssertEqual(code.textSize, QRCode.TextSize(columns: 29, rows: 15))
        let long = try QRCode(publicLine)
        XCTAssertEqual(long.width, 17 + 4 * long.version)
        XCTAssertEqual(long.textSize.columns, long.width + 8)
        XCTAssertEqual(long.textSize.rows, (long.width + 9) / 2)
        XCTAssertEqual(long.glyphRows.count, long.textSize.rows)
        XCTAssertTrue(long.glyphRows.allSatisfy { $0.count == long.textSize.columns })
    }

    func testLowCorrectionNeedsNoBiggerSymbolThanMedium() throws {
        let link = "herdr://pair?v=1&id=AAAAAAAAAAAAAAAAAAAAAA&n=box&u=me&os=unix&h=100.64.0.1&p=22"
            + "&fp=SHA256:47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU&k=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA&x=1"
        let low = try QRCode(link, errorCorrection: .low), medium = try QRCode(link, errorCorrection: .medium)
        XCTAssertLessThan(low.version, medium.version)
    }

    func testFinderPatternsSitInThreeCorners() throws {
        let code = try QRCode(publicLine)
        let w = code.width
        for (top, left) in [(0, 0), (0, w - 7), (w - 7, 0)] {
            for r in 0..<7 {
                for c in 0..<7 {
                    let ring = max(abs(r - 3), abs(c - 3))
                    XCTAssertEqual(code.isDark(row: top + r, column: left + c), ring != 2,
                                   "finder at (\(top), \(left)), module (\(r), \(c))")
                }
            }
            // The separator around each finder is light.
            for i in -1...7 {
                let r = top == 0 ? 7 : top - 1, c = left == 0 ? 7 : left - 1
                XCTAssertFalse(code.isDark(row: r, column: left + i))
                XCTAssertFalse(code.isDark(row: top + i, column: c))
            }
        }
        let bottomRight = (0..<49).allSatisfy { i in
            code.isDark(row: w - 7 + i / 7, column: w - 7 + i % 7) == (max(abs(i / 7 - 3), abs(i % 7 - 3)) != 2)
        }
        XCTAssertFalse(bottomRight, "no finder in the bottom-right corner")
    }

    func testFormatInformationIsValidAndInTheRightOrientation() throws {
        for (level, bits) in [(QRCode.ErrorCorrection.medium, 0b00), (.low, 0b01)] {
            let code = try QRCode(publicLine, errorCorrection: level)
            let w = code.width
            func bit(_ row: Int, _ column: Int) -> Int { code.isDark(row: row, column: column) ? 1 : 0 }
            // ISO/IEC 18004 section 7.9: two copies of 15 format bits, least significant first.
            var first = 0, second = 0
            let firstPositions = (0...5).map { ($0, 8) } + [(7, 8), (8, 8), (8, 7)] + (9..<15).map { (8, 14 - $0) }
            let secondPositions = (0..<8).map { (8, w - 1 - $0) } + (8..<15).map { (w - 15 + $0, 8) }
            for (i, p) in firstPositions.enumerated() { first |= bit(p.0, p.1) << i }
            for (i, p) in secondPositions.enumerated() { second |= bit(p.0, p.1) << i }
            XCTAssertEqual(first, second)
            let unmasked = first ^ 0x5412
            let data = unmasked >> 10
            var remainder = data
            for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
            XCTAssertEqual(unmasked, data << 10 | remainder, "BCH check of the format bits")
            XCTAssertEqual(data >> 3, bits, "error correction level")
            XCTAssertEqual(bit(w - 8, 8), 1, "the always-dark module")
        }
    }

    func testGlyphsCarryTwoModuleRowsAndQuietZoneIsLight() throws {
        let code = try QRCode(publicLine)
        let rows = code.glyphRows
        let q = QRCode.quietZone
        XCTAssertTrue(rows.prefix(q / 2).allSatisfy { $0.allSatisfy { $0 == " " } }, "top quiet zone")
        XCTAssertTrue(rows.suffix(q / 2).allSatisfy { $0.allSatisfy { $0 == " " } }, "bottom quiet zone")
        for row in rows {
            XCTAssertTrue(row.hasPrefix(String(repeating: " ", count: q)) && row.hasSuffix(String(repeating: " ", count: q)))
        }
        // Top edge of the top-left finder: row 0 is all dark, row 1 dark only at both ends.
        XCTAssertEqual(Array(rows[q / 2]).dropFirst(q).prefix(8), ["█", "▀", "▀", "▀", "▀", "▀", "█", " "])
        // Reading the glyphs back gives every module of the symbol.
        for (index, row) in rows.enumerated() {
            for (column, glyph) in row.enumerated() {
                let top = 2 * index - q, c = column - q
                XCTAssertEqual(glyph == "█" || glyph == "▀", code.isDark(row: top, column: c), "(\(top), \(c))")
                XCTAssertEqual(glyph == "█" || glyph == "▄", code.isDark(row: top + 1, column: c), "(\(top + 1), \(c))")
            }
        }
    }

    func testRenderedRowsAreDarkOnLightAndResetAtEachLineEnd() throws {
        let text = try QRCode.render(publicLine)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.last, "")
        let code = try QRCode(publicLine)
        XCTAssertEqual(lines.dropLast().map(String.init), code.glyphRows.map { "\u{1b}[38;5;16;48;5;231m" + $0 + "\u{1b}[0m" })
    }

    func testEmptyAndOversizedTextAreErrors() {
        XCTAssertThrowsError(try QRCode("")) { XCTAssertEqual($0 as? QRCodeError, .empty) }
        XCTAssertThrowsError(try QRCode(String(repeating: "x", count: 3000))) {
            XCTAssertEqual($0 as? QRCodeError, .tooLong(bytes: 3000))
        }
    }
}
