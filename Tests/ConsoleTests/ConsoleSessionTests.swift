import XCTest
import LibC
import VT
@testable import Console
import Loop

final class ConsoleSessionTests: XCTestCase {
    func testRestoreSequenceTurnsEverythingOff() {
        let restore = String(decoding: ConsoleSequences.restore, as: UTF8.self)
        for mode in ["?1000l", "?1002l", "?1003l", "?1006l", "?2004l", "?1004l", "?2031l", "?2026l", "?25h", "?1049l", "m"] {
            XCTAssertTrue(restore.contains("\u{1B}[" + mode), mode)
        }
        let enter = String(decoding: ConsoleSequences.enter, as: UTF8.self)
        for mode in ["?1000h", "?1002h", "?1003h", "?1006h", "?2004h", "?1049h"] {
            XCTAssertTrue(enter.contains("\u{1B}[" + mode), mode)
        }
        // Focus and colour-scheme reports follow the host in front (`ReportModes`), not the enter.
        XCTAssertFalse(enter.contains("?1004h") || enter.contains("?2031h"), enter)
        // The alternate screen is left last among the modes, so the restored screen is clean.
        XCTAssertLessThan(restore.range(of: "?1006l")!.lowerBound, restore.range(of: "?1049l")!.lowerBound)
    }

    /// The sequences read by an emulator: entering turns the modes on, restoring turns every
    /// one of them off again, including ones the renderer may have set in between.
    func testEmulatorSeesModesOnAfterEnterAndOffAfterRestore() {
        let terminal = Terminal(columns: 20, rows: 4)
        terminal.feed(Array("before".utf8))
        terminal.feed(ConsoleSequences.enter)
        XCTAssertTrue(terminal.modes.alternateScreen)
        XCTAssertEqual(terminal.modes.mouse.tracking, .anyEvent)
        XCTAssertEqual(terminal.modes.mouse.encoding, .sgr)
        XCTAssertTrue(terminal.modes.bracketedPaste)
        terminal.feed(Array("\u{1B}[?1004h\u{1B}[?2031h".utf8))   // as a frame turns them on

        // What a frame may leave behind if Drover dies mid-write.
        terminal.feed(Array("\u{1B}[?2026h\u{1B}[?25l\u{1B}[?5h\u{1B}[2;3r\u{1B}[1;31m\u{1B}[6 q".utf8))
        terminal.feed(ConsoleSequences.restore)
        let modes = terminal.modes
        XCTAssertFalse(modes.alternateScreen)
        XCTAssertEqual(modes.mouse.tracking, .off)
        XCTAssertEqual(modes.mouse.encoding, .x10)
        XCTAssertFalse(modes.bracketedPaste)
        XCTAssertFalse(modes.focusReporting)
        XCTAssertFalse(modes.colorSchemeReports)
        XCTAssertFalse(modes.synchronizedOutput)
        XCTAssertTrue(modes.cursorVisible)
        XCTAssertFalse(modes.reverseVideo)
        XCTAssertEqual(terminal.frame().cursorStyle, .default)
        XCTAssertEqual(terminal.frame().rowText(0), "before")
    }

    func testRawModeAndRestoreRoundTripOnAPseudoTerminal() throws {
        let pty = try XCTUnwrap(PTY.open())
        defer { pty.close() }
        var original = termios()
        XCTAssertEqual(tcgetattr(pty.slave, &original), 0)
        XCTAssertNotEqual(original.c_lflag & tcflag_t(ICANON), 0)

        let session = try ConsoleSession(input: pty.slave, output: pty.slave)
        var raw = termios()
        XCTAssertEqual(tcgetattr(pty.slave, &raw), 0)
        XCTAssertEqual(raw.c_lflag & tcflag_t(ICANON | ECHO | ISIG), 0)
        XCTAssertEqual(raw.c_oflag & tcflag_t(OPOST), 0)
        let entered = PTY.read(pty.master) { $0.count >= ConsoleSequences.enter.count }
        XCTAssertEqual(entered, ConsoleSequences.enter)
        XCTAssertTrue(SignalRestore.isInstalled(SIGTERM))

        session.restore()
        session.restore()  // idempotent: nothing more is written
        var after = termios()
        XCTAssertEqual(tcgetattr(pty.slave, &after), 0)
        XCTAssertEqual(after.c_lflag, original.c_lflag)
        XCTAssertEqual(after.c_iflag, original.c_iflag)
        XCTAssertEqual(after.c_oflag, original.c_oflag)
        XCTAssertEqual(after.c_cflag, original.c_cflag)
        let restored = PTY.read(pty.master, seconds: 2) { $0.count >= ConsoleSequences.restore.count }
        // Output post-processing is back on, so compare after mapping NL as the pty did (none here).
        XCTAssertEqual(restored, ConsoleSequences.restore)
        XCTAssertFalse(SignalRestore.isInstalled(SIGTERM))
    }

    func testPipeIsNotATerminal() {
        var fds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fds), 0)
        defer { close(fds[0]); close(fds[1]) }
        XCTAssertThrowsError(try ConsoleSession(input: fds[0], output: fds[1])) { error in
            XCTAssertEqual(error as? ConsoleError, .notATerminal)
            XCTAssertTrue("\(error)".contains("interactive terminal"))
        }
    }

    func testSizeIsReadFromTheTerminal() throws {
        let pty = try XCTUnwrap(PTY.open())
        defer { pty.close() }
        var size = winsize(ws_row: 33, ws_col: 101, ws_xpixel: 0, ws_ypixel: 0)
        XCTAssertEqual(ioctl(pty.slave, UInt(TIOCSWINSZ), &size), 0)
        XCTAssertEqual(ConsoleSession.size(of: pty.slave)?.columns, 101)
        XCTAssertEqual(ConsoleSession.size(of: pty.slave)?.rows, 33)
    }

    /// A child on a real pty enters raw mode and is killed by `signal`: the terminal must be
    /// restored (termios and modes) and the child must die of that signal.
    func assertSignalRestoresTerminal(_ signal: Int32, raisedByChild: Bool = false,
                                      file: StaticString = #filePath, line: UInt = #line) throws {
        let probe = try XCTUnwrap(PTY.open())
        var original = termios()
        tcgetattr(probe.slave, &original)
        probe.close()
        _ = SignalRestore.storage  // allocate the signal-path state before forking
        _ = SignalRestore.bytes
        _ = SignalRestore.previousActions

        let child = try XCTUnwrap(PTY.fork(settings: original) {
            // A plain process: default actions (the test runner's own crash handlers are not ours).
            for crash in SignalRestore.crashSignals { _ = LibC.signal(crash, SIG_DFL) }
            // A runner started with nohup or in the background hands down SIGHUP/SIGINT ignored,
            // and ConsoleSession rightly keeps an inherited ignore: start from the defaults.
            for ending in [SIGHUP, SIGINT, SIGTERM, SIGQUIT] { _ = LibC.signal(ending, SIG_DFL) }
            guard let session = try? ConsoleSession() else { _exit(3) }
            if raisedByChild { raise(signal) }
            while true { pause() }
            withExtendedLifetime(session) {}
        })
        defer { close(child.master) }
        let entered = PTY.read(child.master) { $0.contains(ConsoleSequences.enter) }
        XCTAssertTrue(entered.contains(ConsoleSequences.enter), "child did not enter raw mode", file: file, line: line)
        if !raisedByChild { kill(child.pid, signal) }

        // The restore bytes may already have arrived with the enter bytes.
        let restored = entered + PTY.read(child.master) { (entered + $0).contains(ConsoleSequences.restore) }
        let status = PTY.wait(child.pid, master: child.master)
        XCTAssertTrue(restored.contains(ConsoleSequences.restore), "restore bytes missing", file: file, line: line)
        XCTAssertFalse(status.exited, "child exited instead of dying of the signal", file: file, line: line)
        XCTAssertEqual(status.value, signal, file: file, line: line)

        var after = termios()
        XCTAssertEqual(tcgetattr(child.master, &after), 0, file: file, line: line)
        XCTAssertEqual(after.c_lflag, original.c_lflag, "local flags not restored", file: file, line: line)
        XCTAssertEqual(after.c_iflag, original.c_iflag, file: file, line: line)
        XCTAssertEqual(after.c_oflag, original.c_oflag, file: file, line: line)
    }

    func testSIGTERMRestoresTheTerminal() throws {
        try assertSignalRestoresTerminal(SIGTERM)
    }

    func testSIGHUPRestoresTheTerminal() throws {
        try assertSignalRestoresTerminal(SIGHUP)
    }

    func testSIGINTRestoresTheTerminal() throws {
        try assertSignalRestoresTerminal(SIGINT)
    }

    func testCrashSignalRestoresTheTerminal() throws {
        try assertSignalRestoresTerminal(SIGBUS, raisedByChild: true)
    }
}
