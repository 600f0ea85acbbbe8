import XCTest
@testable import VT

/// The emulator's last guard (ADR 0028): whatever size is asked for, a screen is never made
/// larger than `ScreenLimits`, so no caller's unchecked number allocates without bound.
final class ScreenLimitsTests: XCTestCase {
    func testAHugeSizeIsClampedAtCreationAndOnResize() {
        let terminal = Terminal(columns: 1_000_000, rows: 1_000_000)
        XCTAssertEqual([terminal.columns, terminal.rows], [ScreenLimits.columns, ScreenLimits.rows])
        terminal.resize(columns: 80, rows: 24)
        XCTAssertEqual([terminal.columns, terminal.rows], [80, 24])
        terminal.resize(columns: Int.max, rows: 5_000)
        XCTAssertEqual([terminal.columns, terminal.rows], [ScreenLimits.columns, ScreenLimits.rows])
        terminal.resize(columns: -5, rows: 0)
        XCTAssertEqual([terminal.columns, terminal.rows], [1, 1])
    }
}
