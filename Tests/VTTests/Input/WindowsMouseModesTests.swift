import XCTest
import VT

/// The Windows case (docs/adr/0002): ConPTY sends `?1000h ?1002h ?1003h ?1006h` and then
/// `?1016l`; clicks must stay SGR however the bytes are split across reads.
final class WindowsMouseModesTests: XCTestCase {
    static let sequence = Array("\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1003h\u{1B}[?1006h\u{1B}[?1016l".utf8)
    static let click = InputEvent.mouse(MouseEvent(button: .left, action: .press, column: 10, row: 5))
    static let release = InputEvent.mouse(MouseEvent(button: .left, action: .release, column: 10, row: 5))

    private func assertSGRClicks(after feeds: [[UInt8]], file: StaticString = #filePath, line: UInt = #line) {
        let terminal = Terminal(columns: 80, rows: 24)
        for piece in feeds { terminal.feed(piece) }
        let encoder = InputEncoder(modes: terminal.modes)
        let split = feeds.map(\.count)
        XCTAssertEqual(String(decoding: encoder.encode(Self.click), as: UTF8.self), "\u{1B}[<0;10;5M",
                       "split \(split)", file: file, line: line)
        XCTAssertEqual(String(decoding: encoder.encode(Self.release), as: UTF8.self), "\u{1B}[<0;10;5m",
                       "split \(split)", file: file, line: line)
        XCTAssertEqual(terminal.modes.mouse, MouseModes(tracking: .anyEvent, encoding: .sgr),
                       "split \(split)", file: file, line: line)
    }

    func testWholeSequenceKeepsSGR() {
        assertSGRClicks(after: [Self.sequence])
        let terminal = Terminal(columns: 80, rows: 24)
        terminal.feed(Self.sequence)
        let bytes = InputEncoder(modes: terminal.modes).encode(Self.click)
        XCTAssertEqual(bytes, [0x1B, 0x5B, 0x3C, 0x30, 0x3B, 0x31, 0x30, 0x3B, 0x35, 0x4D])
        XCTAssertFalse(bytes.starts(with: [0x1B, 0x5B, 0x4D]), "never X10 ESC[M")
    }

    func testEveryTwoWaySplitKeepsSGR() {
        for cut in 1..<Self.sequence.count {
            assertSGRClicks(after: [Array(Self.sequence[..<cut]), Array(Self.sequence[cut...])])
        }
    }

    func testOneByteAtATimeKeepsSGR() {
        assertSGRClicks(after: Self.sequence.map { [$0] })
    }

    func testAwkwardThreeWaySplitsKeepSGR() {
        // Cuts after an ESC, after "ESC[?", inside the numbers and before the final byte;
        // 38 and 39 fall between "?101" and "6", and between "6" and "l" of the reset.
        let s = Self.sequence
        let cuts: [(Int, Int)] = [(1, 9), (3, 30), (28, 36), (36, 40), (38, 39), (31, s.count - 1)]
        for (a, b) in cuts {
            assertSGRClicks(after: [Array(s[..<a]), Array(s[a..<b]), Array(s[b...])])
        }
    }

    func testClickAfterSequenceInTextStreamIsSGR() {
        let stream = Array("prompt$ ".utf8) + Self.sequence + Array("\u{1B}[2J\u{1B}[Hready".utf8)
        assertSGRClicks(after: [Array(stream[..<12]), Array(stream[12...])])
    }

    func testResettingTheActiveEncodingFallsBackToX10() {
        let terminal = Terminal(columns: 80, rows: 24)
        terminal.feed(Self.sequence + Array("\u{1B}[?1006l".utf8))
        let bytes = InputEncoder(modes: terminal.modes).encode(Self.click)
        XCTAssertEqual(bytes, [0x1B, 0x5B, 0x4D, 32, 42, 37])
    }
}
