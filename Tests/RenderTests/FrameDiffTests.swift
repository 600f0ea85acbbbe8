import XCTest
import VT
@testable import Render

/// Byte-for-byte expectations for small frame pairs.
final class FrameDiffTests: XCTestCase {
    let plain = ConsoleCapabilities(truecolor: true, synchronizedOutput: false, hyperlinks: true)

    func render(_ previous: Frame?, _ next: Frame, _ caps: ConsoleCapabilities? = nil) -> String {
        FrameDiff.render(from: previous, to: next, capabilities: caps ?? plain).escaped
    }

    func testIdenticalFramesProduceNoBytes() {
        let frame = Frame.text(["hello", "world"], columns: 10)
        XCTAssertEqual(FrameDiff.render(from: frame, to: frame, capabilities: .init()), [])
    }

    func testSingleCellChangeUsesRelativeMoves() {
        let previous = Frame(columns: 10, rows: 3)
        var next = previous
        next.put("A", row: 1, column: 2)
        // CUF 2 + LF (5 bytes) beats CUP 2;3 (6 bytes); back home with CUP (ties with CR RI).
        XCTAssertEqual(render(previous, next), "⎋[2C\nA⎋[H")
    }

    func testFullRedrawClearsThenDrawsAndSetsCursorModes() {
        var next = Frame.text(["hi"], columns: 4, rows: 2)
        next.cursorColumn = 2
        XCTAssertEqual(render(nil, next), "⎋[m⎋[H⎋[2Jhi⎋[0 q⎋[?25h")
    }

    func testSizeChangeIsAFullRedraw() {
        let previous = Frame.text(["hi"], columns: 4, rows: 2)
        let next = Frame.text(["hi"], columns: 5, rows: 2)
        XCTAssertTrue(render(previous, next).hasPrefix("⎋[m⎋[H⎋[2Jhi"))
    }

    func testAttributesAreSetOnceForARunAndResetAtTheEnd() {
        let previous = Frame(columns: 6, rows: 1)
        var next = previous
        var red = Attributes.plain
        red.flags = .bold
        red.foreground = .indexed(1)
        next.put("ab", row: 0, column: 0, attributes: red)
        next.put("c", row: 0, column: 2)
        next.cursorColumn = 3
        XCTAssertEqual(render(previous, next), "⎋[1;31mab⎋[mc")
    }

    func testEraseToEndOfLineWhenTheRestOfTheRowIsBlank() {
        let previous = Frame.text(["hello world"], columns: 11)
        let next = Frame.text(["hello"], columns: 11)
        XCTAssertEqual(render(previous, next), "⎋[5C⎋[K\r")
    }

    func testEraseUsesTheBackgroundOfTheBlankRun() {
        let previous = Frame.text(["hello world"], columns: 11)
        var next = Frame.text(["hello"], columns: 11)
        var blue = Attributes.plain
        blue.background = .indexed(4)
        for column in 5..<11 { next[0, column] = .blank(blue) }
        XCTAssertEqual(render(previous, next), "⎋[5C⎋[44m⎋[K⎋[m\r")
    }

    func testLongBlankStretchInsideARowIsErasedWithECH() {
        let previous = Frame.text(["abcdefghijklmnopqrstuvwxyz"], columns: 26)
        let next = Frame.text(["a                        z"], columns: 26)
        // "a" rewritten (cheaper than CUF), ECH 24, the z is already right; CR home.
        XCTAssertEqual(render(previous, next), "a⎋[24X\r")
    }

    func testShortBlankRunIsWrittenAsSpacesAfterRewritingTheCheapGap() {
        let previous = Frame.text(["abcdef"], columns: 6)
        let next = Frame.text(["abc"], columns: 6)
        XCTAssertEqual(render(previous, next), "abc   \r")
    }

    func testSmallGapIsRewrittenRatherThanSkipped() {
        let previous = Frame.text(["abcdef"], columns: 6)
        let next = Frame.text(["XbcYef"], columns: 6)
        // After X the cursor is at 1; "bc" (2 bytes) is cheaper than CUF 2 (4 bytes).
        XCTAssertEqual(render(previous, next), "XbcY\r")
    }

    func testWideCharacterIsWrittenOnceAndAdvancesTwoColumns() {
        let previous = Frame(columns: 6, rows: 1)
        var next = previous
        next.put("あx", row: 0, column: 0)
        next.cursorColumn = 3
        XCTAssertEqual(render(previous, next), "あx")
    }

    func testBrokenWideCharacterBecomesASpace() {
        let previous = Frame(columns: 3, rows: 1)
        var next = previous
        next[0, 2] = Cell(content: 0x3042, width: 2)  // no room for its second half
        XCTAssertEqual(render(previous, next), "   \r")
    }

    func testCombiningClusterIsWrittenWhole() {
        let previous = Frame(columns: 4, rows: 1)
        var next = previous
        next.clusters = ["e\u{301}"]
        next[0, 0] = Cell(content: Cell.clusterBase, width: 1)
        next.cursorColumn = 1
        XCTAssertEqual(render(previous, next), "e\u{301}")
    }

    func testClusterTablesThatDisagreeAreComparedByText() {
        var previous = Frame(columns: 4, rows: 1)
        previous.clusters = ["a\u{301}", "e\u{301}"]
        previous[0, 0] = Cell(content: Cell.clusterBase + 1, width: 1)
        var next = Frame(columns: 4, rows: 1)
        next.clusters = ["e\u{301}"]
        next[0, 0] = Cell(content: Cell.clusterBase, width: 1)
        XCTAssertEqual(render(previous, next), "")
    }

    func testCharacterOfUncertainWidthIsFollowedByAMoveFromTheRowStart() {
        let previous = Frame(columns: 6, rows: 2)
        var next = previous
        next.put("a❤b", row: 1, column: 0)
        next.cursorRow = 1
        next.cursorColumn = 3
        // The local terminal may draw ❤ two columns wide, but on this row either way: "b" is
        // placed with CR and CUF (5 bytes), not CUP (6).
        XCTAssertEqual(render(previous, next), "\na❤\r⎋[2Cb")
    }

    func testCharacterOfUncertainWidthAtTheLastColumnIsFollowedByAnAbsoluteMove() {
        let previous = Frame(columns: 4, rows: 2)
        var next = previous
        next.put("abc❤", row: 0, column: 0)
        next.put("x", row: 1, column: 0)
        next.cursorRow = 1
        next.cursorColumn = 1
        // Drawn two columns wide, ❤ would wrap to the next row: the row is unknown too.
        XCTAssertEqual(render(previous, next), "abc❤⎋[2Hx")
    }

    func testEmojiSequenceClusterIsFollowedByAnAbsoluteMove() {
        let previous = Frame(columns: 6, rows: 1)
        var next = previous
        next.clusters = ["\u{2764}\u{FE0F}"]
        next[0, 0] = Cell(content: Cell.clusterBase, width: 2)
        next[0, 1] = Cell(content: 0, width: 0)
        next.put("b", row: 0, column: 2)
        next.cursorColumn = 3
        XCTAssertEqual(render(previous, next), "\u{2764}\u{FE0F}⎋[1;3Hb")
    }

    func testZeroWidthJoinerIsNotSent() {
        // The emulator keeps xterm's layout: each emoji in its own two cells, the joiner riding
        // on the cell before it. Each emoji goes out alone, placed absolutely (ADR 0036).
        let terminal = Terminal(columns: 10, rows: 1)
        terminal.feed(Array("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}x".utf8))
        let next = terminal.frame()
        XCTAssertEqual(next.text(of: next[0, 0]), "\u{1F468}\u{200D}")
        XCTAssertEqual(render(Frame(columns: 10, rows: 1), next),
                       "\u{1F468}⎋[1;3H\u{1F469}⎋[1;5H\u{1F467}\r⎋[6Cx")
    }

    func testControlCharactersInCellsAreNeverWritten() {
        let previous = Frame(columns: 4, rows: 1)
        var next = previous
        next[0, 0] = Cell(content: 0x1B, width: 1)
        next.cursorColumn = 1
        XCTAssertEqual(render(previous, next), "\u{FFFD}")
    }

    func testHyperlinkIsOpenedAndClosedAroundItsCells() {
        let previous = Frame(columns: 6, rows: 1)
        var next = previous
        next.links = ["https://example.com/"]
        var linked = Attributes.plain
        linked.link = 1
        next.put("ab", row: 0, column: 0, attributes: linked)
        next.put("c", row: 0, column: 2)
        next.cursorColumn = 3
        XCTAssertEqual(render(previous, next), "⎋]8;;https://example.com/⎋\\ab⎋]8;;⎋\\c")
    }

    func testHyperlinksAreLeftOutWhenTheTerminalLacksThem() {
        let previous = Frame(columns: 6, rows: 1)
        var next = previous
        next.links = ["https://example.com/"]
        var linked = Attributes.plain
        linked.link = 1
        next.put("ab", row: 0, column: 0, attributes: linked)
        next.cursorColumn = 2
        let caps = ConsoleCapabilities(truecolor: true, synchronizedOutput: false, hyperlinks: false)
        XCTAssertEqual(render(previous, next, caps), "ab")
    }

    func testCursorStyleVisibilityAndReverseVideoChanges() {
        let previous = Frame(columns: 4, rows: 1)
        var next = previous
        next.cursorStyle = .steadyBar
        next.cursorVisible = false
        next.reverseVideo = true
        XCTAssertEqual(render(previous, next), "⎋[?5h⎋[6 q⎋[?25l")
    }

    func testTitleIsSanitisedAndWrittenOnlyWhenItChanges() {
        let previous = Frame(columns: 4, rows: 1)
        var next = previous
        next.title = "a\u{1B}]2;evil\u{07}b\u{9B}c"
        XCTAssertEqual(render(previous, next), "⎋]2;a]2;evilbc⎋\\")
        XCTAssertEqual(render(next, next), "")
    }

    func testSynchronizedOutputWrapsTheFrame() {
        let previous = Frame(columns: 4, rows: 1)
        var next = previous
        next.put("x", row: 0, column: 0)
        next.cursorColumn = 1
        let bytes = FrameDiff.render(from: previous, to: next, capabilities: ConsoleCapabilities())
        XCTAssertEqual(bytes.escaped, "⎋[?2026hx⎋[?2026l")
    }

    func testTruecolorIsDowngradedWithoutTheCapability() {
        let previous = Frame(columns: 4, rows: 1)
        var next = previous
        var orange = Attributes.plain
        orange.foreground = .rgb(255, 0, 0)
        next.put("x", row: 0, column: 0, attributes: orange)
        next.cursorColumn = 1
        XCTAssertEqual(render(previous, next), "⎋[38;2;255;0;0mx⎋[m")
        let caps = ConsoleCapabilities(truecolor: false, synchronizedOutput: false)
        XCTAssertEqual(render(previous, next, caps), "⎋[38;5;196mx⎋[m")
    }

    func testRowVersionsSkipRowsWhenComparable() {
        var previous = Frame.text(["aaaa", "bbbb"], columns: 4)
        previous.rowVersions = [1, 1]
        var next = Frame.text(["aaaa", "cccc"], columns: 4)
        next.rowVersions = [1, 1]
        XCTAssertEqual(FrameDiff.render(from: previous, to: next, capabilities: plain,
                                        rowVersionsComparable: true), [])
        XCTAssertEqual(render(previous, next), "\ncccc⎋[H")
    }
}
