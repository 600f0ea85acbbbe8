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
    /// Counts the frames the view hands to the writer.
    final class CountingSink: FrameSink {
        let writer: ConsoleWriter
        var frames = 0
        init(_ writer: ConsoleWriter) { self.writer = writer }
        var isBusy: Bool { writer.isBusy }
        func write(frame: [UInt8]) -> Bool {
            frames += 1
            return writer.write(frame: frame)
        }
        func whenDrained(_ handler: @escaping () -> Void) { writer.whenDrained(handler) }
    }

    func testAStoppedTerminalGetsTheNewestStateOnceItReadsAgain() throws {
        let pty = try XCTUnwrap(PTY.open())
        defer { pty.close() }
        var settings = termios()
        tcgetattr(pty.slave, &settings)
        var raw = RawMode.settings(from: settings)
        tcsetattr(pty.slave, TCSANOW, &raw)
        // The test's own description, standing in for `ConsoleSession.frameOutput`.
        _ = fcntl(pty.slave, F_SETFL, fcntl(pty.slave, F_GETFL) | O_NONBLOCK)

        let (columns, rows) = (200, 60)
        let loop = try EventLoop()
        let sink = CountingSink(ConsoleWriter(descriptor: pty.slave, loop: loop))
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
}
