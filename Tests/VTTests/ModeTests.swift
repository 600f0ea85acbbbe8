import XCTest
@testable import VT

final class ModeTests: XCTestCase {
    private let windowsMouse = "\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1003h\u{1B}[?1006h\u{1B}[?1016l"

    func testWindowsMouseSequenceLeavesAnyEventTrackingWithSGR() {
        let t = Terminal(columns: 10, rows: 5)
        t.feed(windowsMouse)
        XCTAssertEqual(t.modes.mouse, MouseModes(tracking: .anyEvent, encoding: .sgr))
    }

    func testWindowsMouseSequenceSplitAcrossFeedsGivesTheSameModes() {
        let bytes = Array(windowsMouse.utf8)
        for split in 1..<bytes.count {
            let t = Terminal(columns: 10, rows: 5)
            t.feed(Array(bytes[..<split]))
            t.feed(Array(bytes[split...]))
            XCTAssertEqual(t.modes.mouse, MouseModes(tracking: .anyEvent, encoding: .sgr), "split at \(split)")
        }
        let t = Terminal(columns: 10, rows: 5)
        for b in bytes { t.feed([b]) }
        XCTAssertEqual(t.modes.mouse, MouseModes(tracking: .anyEvent, encoding: .sgr))
    }

    func testMouseModesInOneSequenceWithSeveralParameters() {
        let t = Terminal(columns: 10, rows: 5)
        t.feed("\(CSI)?1000;1006h")
        XCTAssertEqual(t.modes.mouse, MouseModes(tracking: .normal, encoding: .sgr))
        t.feed("\(CSI)?1002l")
        XCTAssertEqual(t.modes.mouse.tracking, .off)
        XCTAssertEqual(t.modes.mouse.encoding, .sgr)
        t.feed("\(CSI)?1006l")
        XCTAssertEqual(t.modes.mouse.encoding, .x10)
    }

    func testKeyboardAndReportingModes() {
        let t = Terminal(columns: 10, rows: 5)
        t.feed("\(CSI)?1h\u{1B}=\(CSI)?2004h\(CSI)?1004h\(CSI)?1007h")
        XCTAssertTrue(t.modes.applicationCursorKeys)
        XCTAssertTrue(t.modes.applicationKeypad)
        XCTAssertTrue(t.modes.bracketedPaste)
        XCTAssertTrue(t.modes.focusReporting)
        XCTAssertTrue(t.modes.alternateScroll)
        t.feed("\(CSI)?1l\u{1B}>\(CSI)?2004l\(CSI)?1004l\(CSI)?1007l")
        XCTAssertEqual(t.modes, TerminalModes())
    }

    func testSynchronizedOutputCompletesOnlyAtItsEnd() {
        let t = Terminal(columns: 10, rows: 5)
        XCTAssertTrue(t.isFrameComplete)
        t.feed("\(CSI)?2026hhalf")
        XCTAssertFalse(t.isFrameComplete)
        t.feed("\(CSI)?25l more \(CSI)2J")
        XCTAssertFalse(t.isFrameComplete)
        t.feed("\(CSI)?2026")
        XCTAssertFalse(t.isFrameComplete, "an unfinished ?2026l is not the end")
        t.feed("l")
        XCTAssertTrue(t.isFrameComplete)
    }

    func testCursorVisibilityAndStyle() {
        let t = Terminal(columns: 10, rows: 5)
        t.feed("\(CSI)?25l\(CSI)5 q")
        var f = t.frame()
        XCTAssertFalse(f.cursorVisible)
        XCTAssertEqual(f.cursorStyle, .blinkingBar)
        t.feed("\(CSI)?25h\(CSI)2 q")
        f = t.frame()
        XCTAssertTrue(f.cursorVisible)
        XCTAssertEqual(f.cursorStyle, .steadyBlock)
        t.feed("\(CSI)9 q")
        XCTAssertEqual(t.frame().cursorStyle, .steadyBlock)
    }

    func testReverseVideoIsReportedInTheFrame() {
        let t = Terminal(columns: 10, rows: 5)
        t.feed("\(CSI)?5h")
        XCTAssertTrue(t.frame().reverseVideo)
        t.feed("\(CSI)?5l")
        XCTAssertFalse(t.frame().reverseVideo)
    }

    func testWin32InputModeStaysUnimplemented() {
        let t = Terminal(columns: 10, rows: 5)
        let before = t.modes
        t.feed("\(CSI)?9001h")
        XCTAssertEqual(t.modes, before)
        XCTAssertEqual(t.query("\(CSI)?9001$p"), "\(CSI)?9001;0$y")
    }

    func testFullResetRestoresEverything() {
        let t = Terminal(columns: 10, rows: 3)
        t.feed("\(CSI)?1000h\(CSI)?2004h\(CSI)1mtext\u{1B}]2;title\u{07}\(CSI)2;3r\r\n\r\n\r\nmore")
        t.feed("\u{1B}c")
        XCTAssertEqual(t.modes, TerminalModes())
        XCTAssertEqual(t.lines, ["", "", ""])
        XCTAssertEqual(t.title, "")
        XCTAssertEqual(t.scrollback.count, 0)
        assertCursor(t, 0, 0)
        t.feed("x")
        XCTAssertEqual(t.cell(0, 0).attributes, .plain)
    }

    func testSoftResetKeepsTheText() {
        let t = Terminal(columns: 10, rows: 3)
        t.feed("keep\(CSI)?7l\(CSI)4h\(CSI)?6h\(CSI)1m\(CSI)!p")
        XCTAssertEqual(t.lines[0], "keep")
        XCTAssertTrue(t.modes.autowrap)
        XCTAssertFalse(t.modes.insert)
        XCTAssertFalse(t.modes.origin)
        t.feed("x")
        XCTAssertFalse(t.cell(0, 4).attributes.flags.contains(.bold))
    }
}
