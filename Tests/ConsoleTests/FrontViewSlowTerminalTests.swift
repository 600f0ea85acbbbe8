import XCTest
import LibC
import VT
import Render
@testable import Console
import Loop

/// Frames paced by what the local terminal has taken (ADR 0034), through a real pty: the sink
/// reports the bytes written that the reader at the master has not read as the terminal's queue
/// (a Linux pty's own TIOCOUTQ reads 0, and FIONREAD at the master lags the write). While the
/// reader keeps up every change is a frame; while it lags the view draws none of the changes
/// in between, then the newest state once, and the terminal shows the remote screen exactly.
/// Counted in frames and bytes; the floor is set out of reach, so no count depends on how fast
/// the machine is.
final class FrontViewSlowTerminalTests: XCTestCase {
    func testALaggingTerminalGetsTheNewestStateInsteadOfEveryFrame() throws {
        let pty = try XCTUnwrap(PTY.rawTerminal())
        defer { pty.close() }

        let (columns, rows) = (40, 10)
        let loop = try EventLoop()
        let sink = CountingFrameSink(ConsoleWriter(descriptor: pty.slave, loop: loop))
        var configuration = FrontView.Configuration(capabilities: ConsoleCapabilities())
        configuration.frameInterval = .zero
        configuration.longestFrameInterval = .zero
        configuration.terminalQueuePacing.floor = .seconds(3600)
        let remote = Terminal(columns: columns, rows: rows)
        let view = FrontView(loop: loop, screen: HostScreen(terminal: remote), configuration: configuration,
                             sendToRemote: { _ in }, output: sink)
        let local = Terminal(columns: columns, rows: rows)
        /// Reads everything the writer has passed to the pty (the bound only guards a hang).
        func readTerminal() {
            let sent = sink.bytes - sink.writer.waitingBytes - sink.taken
            let got = PTY.read(pty.master, seconds: 10) { $0.count >= sent }
            sink.taken += got.count
            local.feed(got)
        }
        func change(_ step: Int) {
            view.receiveRemote(Array("\u{1B}[\(step % rows + 1);1Hchange \(step) \u{1B}[3\(step % 8)mof 40\u{1B}[m".utf8))
        }

        // A reader that keeps up: one frame per change.
        for step in 0..<20 {
            change(step)
            while loop.scheduledTimerCount > 0 { try loop.runOnce() }
            readTerminal()
        }
        XCTAssertEqual(sink.frames, 20)
        let keptUpBytes = sink.bytes

        // The reader lags: the first change is drawn, the rest wait while that frame is unread.
        for step in 20..<40 {
            change(step)
            for _ in 0..<3 where loop.scheduledTimerCount > 0 { try loop.runOnce() }
        }
        XCTAssertEqual(sink.frames, 21, "nothing drawn while the terminal holds the last frame")
        XCTAssertFalse(sink.isBusy, "the pty took the bytes: only its reader lags")

        // It reads: the next check finds the queue empty and draws the newest state, once.
        while loop.scheduledTimerCount > 0 {
            readTerminal()
            try loop.runOnce()
        }
        readTerminal()
        XCTAssertEqual(sink.frames, 22, "one frame for the 19 changes made meanwhile")
        XCTAssertLessThan(sink.bytes - keptUpBytes, keptUpBytes / 2, "two frames' bytes for twenty changes")
        let want = remote.frame(), got = local.frame()
        for row in 0..<rows { XCTAssertEqual(got.rowText(row), want.rowText(row), "row \(row)") }
        XCTAssertEqual(got.cursorRow, want.cursorRow)
        XCTAssertEqual(got.cursorColumn, want.cursorColumn)
        XCTAssertTrue(want.rowText(39 % rows).hasPrefix("change 39 of 40"))
    }
}
