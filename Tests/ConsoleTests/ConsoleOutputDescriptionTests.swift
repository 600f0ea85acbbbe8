import XCTest
import LibC
@testable import Console
import Loop

/// Frames go to a description of the terminal that only Drover has (`frameOutput`): the
/// description the shell and the other processes on the terminal share keeps its file status
/// flags (blocking) before, during and after a run, even when Drover is killed with SIGKILL,
/// while a frame to a terminal that does not read still never waits.
final class ConsoleOutputDescriptionTests: XCTestCase {
    private let bigFrame = [UInt8](repeating: UInt8(ascii: "f"), count: 1 << 20)

    func testTheSharedFlagsStayWhileAFrameToAStoppedReaderReturns() throws {
        let pty = try XCTUnwrap(PTY.open())
        defer { pty.close() }
        let shared = fcntl(pty.slave, F_GETFL)
        XCTAssertEqual(shared & O_NONBLOCK, 0)

        let session = try ConsoleSession(input: pty.slave, output: pty.slave)
        XCTAssertTrue(session.framesNeverWait, "a pty slave is reopened")
        XCTAssertNotEqual(session.frameOutput, pty.slave)
        XCTAssertNotEqual(fcntl(session.frameOutput, F_GETFL) & O_NONBLOCK, 0, "Drover's own is non-blocking")
        XCTAssertEqual(fcntl(pty.slave, F_GETFL), shared, "the shared description is not changed")

        // Nobody reads the master: a 1 MiB frame fills the pty, and the write returns.
        let writer = ConsoleWriter(descriptor: session.frameOutput, loop: try EventLoop())
        writer.write(frame: bigFrame)
        XCTAssertTrue(writer.isBusy, "the rest waits in the writer, not in write(2)")
        XCTAssertEqual(fcntl(pty.slave, F_GETFL), shared)
        XCTAssertFalse(writer.finish(within: .zero))
        session.restore()   // returns: the restore sequence waits `restoreWait` at most
        XCTAssertEqual(fcntl(pty.slave, F_GETFL), shared, "nothing to put back, nothing changed")
        var after = termios()
        XCTAssertEqual(tcgetattr(pty.slave, &after), 0)
        XCTAssertEqual(after.c_lflag, session.savedSettings.c_lflag)
    }

    /// A signal that comes while the terminal is still taking a frame (during a flood every
    /// frame fills its buffer): the handler waits for it to read, bounded, so the restore
    /// sequence is not lost to EAGAIN and the terminal is not left on the alternate screen.
    /// A full pipe stands in for the terminal's full buffer (a pty frees room on its own while
    /// the kernel moves bytes to the master, so it cannot be kept exactly full).
    func testTheSignalPathWaitsForATerminalBusyWithAFrame() throws {
        let pty = try XCTUnwrap(PTY.open())
        defer { pty.close() }
        let session = try ConsoleSession(input: pty.slave, output: pty.slave)
        defer { session.restore() }
        var ends: [Int32] = [-1, -1]
        XCTAssertEqual(pipe(&ends), 0)
        defer { close(ends[0]); close(ends[1]) }
        _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
        var filled = 0
        var byte = UInt8(ascii: "f")
        while write(ends[1], &byte, 1) == 1 { filled += 1 }
        XCTAssertEqual(errno, EAGAIN, "the stand-in terminal takes nothing more now")
        SignalRestore.storage.pointee.outputFD = ends[1]
        // Generous here, so a loaded machine cannot make the handler give up first.
        SignalRestore.storage.pointee.patienceMilliseconds = 120_000

        let returned = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            SignalRestore.restoreFromSignal()
            returned.signal()
        }
        // Not an assertion: gives a handler that does not wait the time to give up first.
        let gaveUpAtOnce = returned.wait(timeout: .now() + .milliseconds(300)) == .success
        let received = PTY.read(ends[0]) { $0.count >= filled + ConsoleSequences.restore.count }
        if !gaveUpAtOnce { returned.wait() }
        XCTAssertFalse(gaveUpAtOnce, "the handler waited for the terminal")
        XCTAssertEqual(received.count, filled + ConsoleSequences.restore.count, "the frame's bytes, then the restore sequence")
        XCTAssertEqual(Array(received.suffix(ConsoleSequences.restore.count)), ConsoleSequences.restore)
    }

    /// A terminal that cannot be reopened (here a pty master, whose name would open a new
    /// pair) is written to as it is, blocking: its flags are not touched either.
    func testAnOutputThatCannotBeReopenedIsUsedAsItIsAndStaysBlocking() throws {
        let pty = try XCTUnwrap(PTY.open())
        defer { pty.close() }
        let shared = fcntl(pty.master, F_GETFL)
        let session = try ConsoleSession(input: pty.slave, output: pty.master)
        XCTAssertFalse(session.framesNeverWait)
        XCTAssertEqual(session.frameOutput, pty.master)
        XCTAssertEqual(fcntl(pty.master, F_GETFL), shared)
        session.restore()
        XCTAssertEqual(fcntl(pty.master, F_GETFL), shared)
    }

    /// The case the shared flags matter most: Drover killed by SIGKILL, where nothing of its
    /// own runs. A child takes over a terminal whose description it shares with this process
    /// (as a shell shares its terminal with the programs it starts); this process sees the
    /// description blocking while the child runs and after it is killed.
    func testSIGKILLLeavesTheSharedDescriptionBlocking() throws {
        let pty = try XCTUnwrap(PTY.open())
        defer { pty.close() }
        let shared = fcntl(pty.slave, F_GETFL)
        XCTAssertEqual(shared & O_NONBLOCK, 0)
        var settings = termios()
        XCTAssertEqual(tcgetattr(pty.slave, &settings), 0)
        _ = SignalRestore.storage  // allocate the signal-path state before forking
        _ = SignalRestore.bytes
        _ = SignalRestore.previousActions

        let terminal = pty.slave
        let child = try XCTUnwrap(PTY.fork(settings: settings) {
            for crash in SignalRestore.crashSignals { _ = LibC.signal(crash, SIG_DFL) }
            // The inherited descriptor: the same open file description as the test's.
            guard let session = try? ConsoleSession(input: terminal, output: terminal) else { _exit(3) }
            guard session.framesNeverWait else { _exit(4) }
            while true { pause() }
            withExtendedLifetime(session) {}
        })
        defer { close(child.master) }
        let entered = PTY.read(pty.master) { $0.count >= ConsoleSequences.enter.count }
        XCTAssertEqual(entered, ConsoleSequences.enter, "the child took over the shared terminal")
        XCTAssertEqual(fcntl(pty.slave, F_GETFL), shared, "blocking for everyone else while Drover runs")

        kill(child.pid, SIGKILL)
        let status = PTY.wait(child.pid, master: child.master)
        XCTAssertFalse(status.exited)
        XCTAssertEqual(status.value, SIGKILL)
        XCTAssertEqual(fcntl(pty.slave, F_GETFL), shared, "and after Drover died without restoring anything")
    }
}
