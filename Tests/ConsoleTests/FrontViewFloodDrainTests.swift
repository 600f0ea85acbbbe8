import XCTest
import LibC
import VT
import Render
@testable import Console
import Loop

/// A big frame goes on to the terminal while the host's flood is being read (ADR 0034): a
/// Linux pty takes about 12 KiB per write, and the loop reads a flood for up to a turn's
/// budget between polls, so a frame written only when the writable watch fired crept out a few
/// KiB per turn (dense_cells: 100-150 ms a frame, 8-14 frames/s). Here no loop turn runs while
/// the host's output arrives in slices: the frame must still reach the reader whole. Counted in bytes and turns, not time.
final class FrontViewFloodDrainTests: XCTestCase {
    func testAFrameDrainsBetweenSlicesOfTheHostsOutputWithoutALoopTurn() throws {
        let pty = try XCTUnwrap(PTY.open())
        defer { pty.close() }
        var settings = termios()
        tcgetattr(pty.slave, &settings)
        var raw = RawMode.settings(from: settings)
        tcsetattr(pty.slave, TCSANOW, &raw)
        _ = fcntl(pty.slave, F_SETFL, fcntl(pty.slave, F_GETFL) | O_NONBLOCK)

        let (columns, rows) = (120, 40)
        let loop = try EventLoop()
        let writer = ConsoleWriter(descriptor: pty.slave, loop: loop)
        var configuration = FrontView.Configuration(capabilities: ConsoleCapabilities())
        configuration.terminalQueuePacing.floor = .zero
        let remote = Terminal(columns: columns, rows: rows)
        let view = FrontView(loop: loop, screen: HostScreen(terminal: remote), configuration: configuration,
                             sendToRemote: { _ in }, output: writer)
        let local = Terminal(columns: columns, rows: rows)

        // A screen of cells in changing colours: its frame is several times what the pty holds.
        var screen = "\u{1B}[H"
        for cell in 0..<(columns * rows) { screen += "\u{1B}[3\(cell % 8);4\((cell / 8) % 8)m\(cell % 10)" }
        view.receiveRemote(Array(screen.utf8))
        while loop.scheduledTimerCount > 0 && !writer.isBusy { try loop.runOnce() }
        XCTAssertTrue(writer.isBusy, "the frame does not fit in the pty at once")

        // The flood goes on in slices, the reader reads meanwhile, and the loop never turns.
        var received: [UInt8] = []
        var slices = 0
        while writer.isBusy && slices < 1000 {
            received += PTY.read(pty.master, seconds: 0) { _ in false }
            view.receiveRemote(Array("\u{1B}[40;1Hslice \(slices)".utf8))
            slices += 1
        }
        XCTAssertFalse(writer.isBusy, "the frame was written out between slices, with no loop turn")
        received += PTY.read(pty.master, seconds: 0) { _ in false }
        XCTAssertGreaterThan(received.count, 12 * 1024, "a frame bigger than the pty's buffer")
        local.feed(received)
        let want = remote.frame(), got = local.frame()
        for row in 0..<(rows - 1) { XCTAssertEqual(got.rowText(row), want.rowText(row), "row \(row)") }
    }
}
