import XCTest
import VT
import Render
import LibC
@testable import Console
import Loop

/// `FrontView.attachLocalTerminal` on a real pseudo-terminal: typed bytes reach the remote,
/// SIGWINCH resizes, and a closed terminal is reported.
final class LocalTerminalWiringTests: XCTestCase {
    func testTypedBytesResizeAndCloseFlowThroughTheRelay() throws {
        let pty = try XCTUnwrap(PTY.open())
        var masterOpen = true
        defer {
            if masterOpen { close(pty.master) }
            close(pty.slave)
        }
        let session = try ConsoleSession(input: pty.slave, output: pty.slave)
        defer { session.restore() }
        _ = PTY.read(pty.master) { $0.count >= ConsoleSequences.enter.count }

        let loop = try EventLoop()
        var sent: [UInt8] = []
        var resized: [(Int, Int)] = []
        var closed = false
        let view = FrontView(loop: loop, screen: HostScreen(terminal: Terminal(columns: 80, rows: 24)),
                              configuration: .init(capabilities: ConsoleCapabilities()),
                              sendToRemote: { sent += $0; loop.stop() },
                              writeLocal: { _ in },
                              passesToHost: { event in
                                  if case .text = event { return true }
                                  return false
                              })
        view.attachLocalTerminal(session, onResize: { resized.append(($0, $1)); loop.stop() },
                                  onClosed: { closed = true; loop.stop() })

        var typed = Array("hi".utf8)
        XCTAssertEqual(write(pty.master, &typed, typed.count), 2)
        try loop.run()
        XCTAssertEqual(sent, Array("hi".utf8))

        var size = winsize(ws_row: 30, ws_col: 100, ws_xpixel: 0, ws_ypixel: 0)
        XCTAssertEqual(ioctl(pty.master, UInt(TIOCSWINSZ), &size), 0)
        raise(SIGWINCH)
        try loop.run()
        XCTAssertEqual(resized.count, 1)
        XCTAssertEqual(resized.first?.0, 100)
        XCTAssertEqual(resized.first?.1, 30)
        XCTAssertEqual(view.terminal.columns, 100)
        XCTAssertEqual(view.terminal.rows, 30)

        close(pty.master)
        masterOpen = false
        try loop.run()
        XCTAssertTrue(closed)
    }
}
