import XCTest
import LibC
@testable import Console

/// The keyboard mode Drover turned on in the local terminal is turned off when the terminal is
/// given back: at exit, and from a kill signal's handler (before the alternate screen is left,
/// since kitty keeps a stack per screen).
final class ConsoleKeyboardRestoreTests: XCTestCase {
    private let pop = Array("\u{1B}[<1u".utf8)

    func testRestoreWritesTheUndoFirst() throws {
        let pty = try XCTUnwrap(PTY.open())
        defer { pty.close() }
        let session = try ConsoleSession(input: pty.slave, output: pty.slave)
        _ = PTY.read(pty.master) { $0.count >= ConsoleSequences.enter.count }
        session.keyboardUndo = pop
        session.restore()
        let restored = PTY.read(pty.master, seconds: 2) { $0.count >= self.pop.count + ConsoleSequences.restore.count }
        XCTAssertEqual(restored, pop + ConsoleSequences.restore)
    }

    func testAKillSignalPopsWhatWasPushed() throws {
        let probe = try XCTUnwrap(PTY.open())
        var original = termios()
        tcgetattr(probe.slave, &original)
        probe.close()
        _ = SignalRestore.storage
        _ = SignalRestore.bytes
        _ = SignalRestore.keyboardBytes
        _ = SignalRestore.previousActions
        let pop = self.pop
        let child = try XCTUnwrap(PTY.fork(settings: original) {
            for crash in SignalRestore.crashSignals { _ = LibC.signal(crash, SIG_DFL) }
            guard let session = try? ConsoleSession() else { _exit(3) }
            session.keyboardUndo = pop
            raise(SIGTERM)
            while true { pause() }
            withExtendedLifetime(session) {}
        })
        defer { close(child.master) }
        let expected = pop + ConsoleSequences.restore
        let output = PTY.read(child.master) { $0.contains(expected) }
        let status = PTY.wait(child.pid, master: child.master)
        XCTAssertTrue(output.contains(expected), "the pop and then the restore: \(String(decoding: output, as: UTF8.self).debugDescription)")
        XCTAssertEqual(status.value, SIGTERM)
    }
}
