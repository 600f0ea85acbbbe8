import XCTest
import LibC
@testable import Console
import Loop

/// `ConsoleWriter` on a real pseudo-terminal whose reader (the test) stops reading: the loop
/// is never blocked, at most one frame waits, a frame is never begun before the last one
/// ends, and the rest goes out once the terminal reads again.
final class ConsoleWriterTests: XCTestCase {
    private func stoppedTerminal() throws -> PTY { try XCTUnwrap(PTY.rawTerminal()) }

    /// A frame bigger than any pty buffer, made of `letter`s (no newline: no output mapping).
    private func frame(_ letter: Character, count: Int = 1 << 20) -> [UInt8] {
        [UInt8](repeating: letter.asciiValue!, count: count)
    }

    /// Everything the master has now, without waiting.
    private func readAvailable(_ fd: Int32) -> [UInt8] {
        PTY.read(fd, seconds: 0) { _ in false }
    }

    func testAStoppedTerminalKeepsOneFrameAndRefusesTheNextWhole() throws {
        let pty = try stoppedTerminal()
        defer { pty.close() }
        let loop = try EventLoop()
        let writer = ConsoleWriter(descriptor: pty.slave, loop: loop)

        XCTAssertTrue(writer.write(frame: frame("a")), "the first frame is taken")
        XCTAssertTrue(writer.isBusy, "a 1 MiB frame does not fit in the pty: the rest waits, the call returned")
        let waiting = writer.waitingBytes
        XCTAssertGreaterThan(waiting, 0)
        XCTAssertLessThan(waiting, 1 << 20, "the terminal took what it could")
        for letter in "bcdefgh" {
            XCTAssertFalse(writer.write(frame: frame(letter)), "a frame while the last is unfinished is dropped")
        }
        XCTAssertEqual(writer.waitingBytes, waiting, "bounded: nothing of the dropped frames is kept")

        var drained = 0
        writer.whenDrained { drained += 1 }
        var received: [UInt8] = []
        while writer.isBusy {
            received += readAvailable(pty.master)
            try loop.runOnce()   // woken by the writable pty: the rest goes out
        }
        received += readAvailable(pty.master)
        XCTAssertEqual(drained, 1)
        XCTAssertEqual(received.count, 1 << 20, "the first frame arrived whole")
        XCTAssertTrue(received.allSatisfy { $0 == UInt8(ascii: "a") }, "no byte of a dropped frame")

        XCTAssertTrue(writer.write(frame: Array("next".utf8)), "after draining a new frame is taken")
        XCTAssertFalse(writer.isBusy)
        XCTAssertEqual(readAvailable(pty.master), Array("next".utf8))
    }

    /// A frame the terminal took whole leaves nothing waiting (the front view adds this count
    /// to the terminal's own queue when it paces frames; it once read minus the frame's size).
    func testAFrameTakenWholeLeavesNothingWaiting() throws {
        let pty = try stoppedTerminal()
        defer { pty.close() }
        let writer = ConsoleWriter(descriptor: pty.slave, loop: try EventLoop())
        XCTAssertTrue(writer.write(frame: frame("z", count: 64)))
        XCTAssertFalse(writer.isBusy)
        XCTAssertEqual(writer.waitingBytes, 0)
        XCTAssertGreaterThanOrEqual(writer.terminalQueued, 0)
    }

    func testWhenDrainedRunsAtOnceWhenNothingWaits() throws {
        let pty = try stoppedTerminal()
        defer { pty.close() }
        let writer = ConsoleWriter(descriptor: pty.slave, loop: try EventLoop())
        var ran = false
        writer.whenDrained { ran = true }
        XCTAssertTrue(ran)
    }

    /// At exit the unfinished frame is written before the restore sequence follows: a reader
    /// that comes back in time gets it whole.
    func testFinishCompletesTheFrameForAReader() throws {
        let pty = try stoppedTerminal()
        defer { pty.close() }
        let writer = ConsoleWriter(descriptor: pty.slave, loop: try EventLoop())
        writer.write(frame: frame("y"))
        XCTAssertTrue(writer.isBusy)
        let master = pty.master
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var received: [UInt8] = []
        Thread.detachNewThread {
            received = PTY.read(master, seconds: 10) { $0.count >= 1 << 20 }
            done.signal()
        }
        XCTAssertTrue(writer.finish(within: .seconds(60)), "a reader that reads gets the whole frame")
        XCTAssertEqual(writer.waitingBytes, 0)
        done.wait()
        XCTAssertEqual(received, frame("y"))
    }

    /// A terminal that never reads again costs at most the limit: the rest is given up.
    func testFinishGivesUpOnAStoppedTerminal() throws {
        let pty = try stoppedTerminal()
        defer { pty.close() }
        let writer = ConsoleWriter(descriptor: pty.slave, loop: try EventLoop())
        writer.write(frame: frame("x"))
        XCTAssertTrue(writer.isBusy)
        XCTAssertFalse(writer.finish(within: .milliseconds(50)))
        XCTAssertFalse(writer.isBusy, "the rest is given up: nothing waits")
    }

    /// Once finished (the run is giving the terminal back), a frame the run still draws while
    /// it shuts down is refused: it would land on the screen after the restore sequence.
    func testNoFrameIsWrittenAfterFinish() throws {
        let pty = try stoppedTerminal()
        defer { pty.close() }
        let writer = ConsoleWriter(descriptor: pty.slave, loop: try EventLoop())
        XCTAssertTrue(writer.write(frame: Array("last".utf8)))
        XCTAssertTrue(writer.finish(within: .seconds(1)))
        XCTAssertFalse(writer.write(frame: Array("banner".utf8)), "refused after finish")
        XCTAssertFalse(writer.isBusy)
        XCTAssertEqual(readAvailable(pty.master), Array("last".utf8), "nothing after the last frame")
    }

    /// A terminal that hangs up while a frame waits: the rest is dropped and the run goes on.
    func testAHangupDropsTheRest() throws {
        let pty = try stoppedTerminal()
        let loop = try EventLoop()
        let writer = ConsoleWriter(descriptor: pty.slave, loop: loop)
        writer.write(frame: frame("z"))
        var drained = false
        writer.whenDrained { drained = true }
        close(pty.master)
        while writer.isBusy { try loop.runOnce() }
        XCTAssertTrue(drained)
        close(pty.slave)
    }
}
