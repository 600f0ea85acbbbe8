import XCTest
import LibC
@testable import Loop

/// The self-pipe signal handler leaves the interrupted code's errno alone, even when its own
/// write fails.
final class SignalPipeTests: XCTestCase {
    func testHandlerKeepsErrnoWhenThePipeIsFull() throws {
        let loop = try EventLoop()
        var delivered = false
        loop.onSignal(SIGUSR1) { delivered = true }
        // More signals than the pipe holds: from here on the handler's write fails (EAGAIN).
        for _ in 0..<70_000 { raise(SIGUSR1) }
        errno = ENOTTY
        raise(SIGUSR1)
        XCTAssertEqual(errno, ENOTTY)
        try loop.runOnce()
        XCTAssertTrue(delivered)
        XCTAssertTrue(SignalPipe.isRouted(SIGUSR1))
    }

    func testUnroutedWhenTheLoopGoes() throws {
        var loop: EventLoop? = try EventLoop()
        loop?.onSignal(SIGUSR2) {}
        XCTAssertTrue(SignalPipe.isRouted(SIGUSR2))
        loop = nil
        XCTAssertFalse(SignalPipe.isRouted(SIGUSR2))
    }
}
