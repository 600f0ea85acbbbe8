import XCTest
@testable import VT

/// The sixteen- and eight-bytes-at-a-time scan for printable ASCII must stop exactly where a
/// byte-by-byte scan stops, for every byte value at every position of a vector and of a word.
final class PrintableRunTests: XCTestCase {
    private func byteByByte(_ bytes: [UInt8], from start: Int) -> Int {
        var j = start
        while j < bytes.count && (0x20...0x7E).contains(bytes[j]) { j += 1 }
        return j
    }

    func testStopsAtEveryNonPrintableByteInEveryPosition() {
        for value in 0...255 {
            // 43 bytes: two sixteen-byte steps, an eight-byte step and a tail, from each start.
            for position in 0..<43 {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 43)
                bytes[position] = UInt8(value)
                for start in [0, 1, 3] where start <= position {
                    let found = bytes.withUnsafeBufferPointer { PrintableRun.end($0.baseAddress!, from: start, to: bytes.count) }
                    XCTAssertEqual(found, byteByByte(bytes, from: start), "byte \(value) at \(position), from \(start)")
                }
            }
        }
    }

    func testPrintableBoundaryBytesAndNeighboursThatBorrowOrCarry() {
        // 0x20 and 0x7E are printable; 0x1F, 0x7F and 0xFF next to them must still stop the scan.
        let cases: [[UInt8]] = [[0x20, 0x7E, 0x20, 0x7E, 0x20, 0x7E, 0x20, 0x7E, 0x41],
                                [0x41, 0x41, 0x41, 0x41, 0x41, 0x41, 0x20, 0x1F, 0x41],
                                [0x7E, 0x7F, 0x41, 0x41, 0x41, 0x41, 0x41, 0x41, 0x41],
                                [0x41, 0x41, 0x41, 0x41, 0x41, 0x41, 0x41, 0xFF, 0x00]]
        for bytes in cases {
            let found = bytes.withUnsafeBufferPointer { PrintableRun.end($0.baseAddress!, from: 0, to: bytes.count) }
            XCTAssertEqual(found, byteByByte(bytes, from: 0), "\(bytes)")
        }
    }

    func testLongPlainLinesPrintWhole() {
        let t = Terminal(columns: 120, rows: 3)
        t.feed(String(repeating: "y", count: 119) + "\r\n" + String(repeating: "z", count: 37) + "\u{1B}[2;5H!")
        XCTAssertEqual(t.lines[0], String(repeating: "y", count: 119))
        XCTAssertEqual(t.lines[1], "zzzz!" + String(repeating: "z", count: 32))
    }
}
