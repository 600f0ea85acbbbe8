import VT
import XCTest
@testable import DroverCLI

/// Bare `drover`'s host menu: arrows (or j/k) move the mark, Enter or a digit attaches, q,
/// Escape and ctrl+c leave; a key release moves nothing.
final class HostMenuTests: XCTestCase {
    private let table = "NAME  ACCOUNT\nalpha  a@h1\nbeta   b@h2\ngamma  c@h3\n"
    private var menu: HostMenu { HostMenu(names: ["alpha", "beta", "gamma"], table: table) }

    func testArrowsMoveAndEnterAttachesTheMarkedHost() {
        var m = menu
        m.handle(.key(.down, []))
        m.handle(.key(.down, []))
        m.handle(.key(.up, []))
        XCTAssertNil(m.outcome)
        m.handle(.key(.enter, []))
        XCTAssertEqual(m.outcome, .attach("beta"))
    }

    func testArrowsWrapAndJKMoveToo() {
        var m = menu
        m.handle(.key(.up, []))
        XCTAssertEqual(m.selection, 2)
        m.handle(.text("j"))
        XCTAssertEqual(m.selection, 0)
        m.handle(.text("k"))
        m.handle(.text("\r"))
        XCTAssertEqual(m.outcome, .attach("gamma"))
    }

    /// Trial finding: `j j Enter` typed quickly arrives as one read and was lost.
    func testSeveralKeysInOneReadAreEachHandled() {
        var m = menu
        m.handle(.text("jj\r"))
        XCTAssertEqual(m.outcome, .attach("gamma"))
        var n = menu
        n.handle(.text("jq3"))
        XCTAssertEqual(n.outcome, .quit, "the first key that decides wins")
    }

    func testADigitAttachesThatRowAndQuitKeysLeave() {
        var m = menu
        m.handle(.text("3"))
        XCTAssertEqual(m.outcome, .attach("gamma"))
        for key: InputEvent in [.text("q"), .key(.escape, []), .key(.character("c"), .control)] {
            var left = menu
            left.handle(key)
            XCTAssertEqual(left.outcome, .quit, "\(key)")
        }
        var outOfRange = menu
        outOfRange.handle(.text("7"))
        XCTAssertNil(outOfRange.outcome)
    }

    func testAReleaseMovesNothing() {
        var m = menu
        m.handle(.keyEvent(KeyEvent(.down, [], type: .release)))
        XCTAssertEqual(m.selection, 0)
    }

    func testLinesMarkTheSelectionAndFitTheWidth() {
        var m = menu
        m.handle(.key(.down, []))
        let lines = m.lines(width: 20, height: 10)
        XCTAssertEqual(lines[2], "    NAME  ACCOUNT")
        XCTAssertEqual(lines[3], "  1 alpha  a@h1")
        XCTAssertEqual(lines[4], "> 2 beta   b@h2")
        XCTAssertTrue(lines.allSatisfy { $0.count <= 20 }, "\(lines)")
        // Two rows of room: the selection stays in view.
        m.handle(.key(.down, []))
        XCTAssertEqual(m.lines(width: 40, height: 6).suffix(2), ["  2 beta   b@h2", "> 3 gamma  c@h3"])
    }
}
