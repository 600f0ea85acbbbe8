import XCTest
import LibC
import VT
import Render
@testable import Console
import Loop

/// The view on a real pty whose reader stops: while the terminal has not taken the last
/// frame, the view keeps feeding its emulator but draws nothing; once the terminal reads
/// again it draws the newest state, once, and the terminal shows exactly the remote screen.
final class FrontViewStoppedTerminalTests: XCTestCase {
    func testAStoppedTerminalGetsTheNewestStateOnceItReadsAgain() throws {
        let pty = try XCTUnwrap(PTY.rawTerminal())
        defer { pty.close() }

        let (columns, rows) = (200, 60)
        let loop = try EventLoop()
        let sink = CountingFrameSink(ConsoleWriter(descriptor: pty.slave, loop: loop))
        let remote = Terminal(columns: columns, rows: rows)
        let view = FrontView(loop: loop, screen: HostScreen(terminal: remote), configuration: .init(capabilities: ConsoleCapabilities()),
                              sendToRemote: { _ in }, output: sink)

        // A screen of cells in changing colours: a first frame far bigger than the pty buffer.
        var screen = ""
        for index in 0..<(columns * rows - 1) { screen += "\u{1B}[38;5;\(index % 256)m" + String(UnicodeScalar(65 + index % 26)!) }
        view.receiveRemote(Array(screen.utf8))
        view.renderNow()
        XCTAssertEqual(sink.frames, 1)
        XCTAssertTrue(sink.isBusy, "the terminal does not read: the frame waits")

        // The remote goes on; the loop turns (render timers fire) but nothing is drawn.
        for step in 0..<30 {
            view.receiveRemote(Array("\u{1B}[m\u{1B}[\(step % rows + 1);1Hstep \(step) of 30".utf8))
            while loop.scheduledTimerCount > 0 { try loop.runOnce() }
        }
        XCTAssertEqual(sink.frames, 1, "no frame while the terminal has not taken the last one")

        // The terminal reads again: the rest of the first frame, then one frame of the newest state.
        let local = Terminal(columns: columns, rows: rows)
        while sink.isBusy || loop.scheduledTimerCount > 0 {
            local.feed(PTY.read(pty.master, seconds: 0) { _ in false })
            try loop.runOnce()
        }
        local.feed(PTY.read(pty.master, seconds: 0) { _ in false })
        XCTAssertEqual(sink.frames, 2, "one frame for all the changes made meanwhile")
        let want = remote.frame(), got = local.frame()
        for row in 0..<rows { XCTAssertEqual(got.rowText(row), want.rowText(row), "row \(row)") }
        XCTAssertTrue(want.rowText(29).hasPrefix("step 29 of 30"))
    }

    /// Takes the frames into a local emulator; `cutNext` cuts the next frame after that many
    /// bytes (the rest dropped, as a write that fails partway drops it) and reports the cut.
    final class CuttingSink: FrameSink {
        let local: Terminal
        var cutNext: Int?
        var frames = 0
        private var cut = false
        init(_ local: Terminal) { self.local = local }
        var isBusy: Bool { false }
        func write(frame: [UInt8]) -> Bool {
            frames += 1
            local.feed(Array(frame.prefix(cutNext ?? frame.count)))
            if cutNext != nil { cut = true }
            cutNext = nil
            return true
        }
        func whenDrained(_ handler: @escaping () -> Void) { handler() }
        func takeCutFrame() -> Bool {
            defer { cut = false }
            return cut
        }
    }

    /// Issue 32: a frame cut short must not leave the view diffing against a screen that never
    /// landed (the flake showed `frofront-done`: a row drawn over bytes the terminal never got).
    /// The frame after the cut redraws everything, and the local terminal shows the remote screen.
    func testAFrameCutShortIsFollowedByAFullRedraw() throws {
        let (columns, rows) = (30, 6)
        let loop = try EventLoop()
        let local = Terminal(columns: columns, rows: rows)
        let sink = CuttingSink(local)
        let remote = Terminal(columns: columns, rows: rows)
        let view = FrontView(loop: loop, screen: HostScreen(terminal: remote), configuration: .init(capabilities: ConsoleCapabilities()),
                              sendToRemote: { _ in }, output: sink)
        func draw(_ text: String) throws {
            let before = sink.frames
            view.receiveRemote(Array(text.utf8))
            view.renderNow()
            while loop.scheduledTimerCount > 0 { try loop.runOnce() }
            XCTAssertEqual(sink.frames, before + 1, "one frame for \(text.debugDescription)")
        }
        try draw((1...8).map { "front-\($0)" }.joined(separator: "\r\n") + "\r\nfro")
        sink.cutNext = 12
        try draw("nt-9\r\nfront-10\r\nfront-done\r\n")
        try draw("$ ")
        let want = remote.frame(), got = local.frame()
        for row in 0..<rows { XCTAssertEqual(got.rowText(row), want.rowText(row), "row \(row)") }
        XCTAssertEqual(got.cursorRow, want.cursorRow)
        XCTAssertEqual(got.cursorColumn, want.cursorColumn)
    }
}
