import XCTest
import LibC
@testable import Loop

final class EventLoopTests: XCTestCase {
    func makePipe() -> (read: Int32, write: Int32) {
        var fds: [Int32] = [-1, -1]
        XCTAssertEqual(pipe(&fds), 0)
        return (fds[0], fds[1])
    }

    func testReadableDescriptorWakesTheLoop() throws {
        let loop = try EventLoop()
        let (readEnd, writeEnd) = makePipe()
        defer { close(readEnd); close(writeEnd) }
        var received: [UInt8] = []
        loop.watch(readEnd, for: .readable) { events in
            XCTAssertTrue(events.contains(.readable))
            var buffer = [UInt8](repeating: 0, count: 16)
            let count = read(readEnd, &buffer, buffer.count)
            received += buffer[0..<max(count, 0)]
            loop.stop()
        }
        var bytes: [UInt8] = [1, 2, 3]
        XCTAssertEqual(write(writeEnd, &bytes, 3), 3)
        try loop.run()
        XCTAssertEqual(received, [1, 2, 3])
    }

    func testClosedWriterIsReportedAsHangup() throws {
        let loop = try EventLoop()
        let (readEnd, writeEnd) = makePipe()
        defer { close(readEnd) }
        var seen: EventLoop.Events = []
        let token = loop.watch(readEnd, for: .readable) { events in
            seen = events
            loop.stop()
        }
        close(writeEnd)
        try loop.run()
        XCTAssertTrue(seen.contains(.hangup))
        loop.unwatch(token)
    }

    func testWritableInterestCanBeTurnedOnLater() throws {
        let loop = try EventLoop()
        let (readEnd, writeEnd) = makePipe()
        defer { close(readEnd); close(writeEnd) }
        var writable = false
        let token = loop.watch(writeEnd, for: []) { events in
            writable = events.contains(.writable)
            loop.stop()
        }
        XCTAssertEqual(loop.pollTimeout(now: .now), -1)
        loop.setEvents(.writable, for: token)
        try loop.run()
        XCTAssertTrue(writable)
    }

    func testTimerFiresAndIdleLoopSleepsWithoutTimeout() throws {
        let loop = try EventLoop()
        XCTAssertEqual(loop.pollTimeout(now: .now), -1, "no timer: poll must block, not spin")
        var fired = 0
        loop.schedule(after: .milliseconds(5)) {
            fired += 1
            loop.stop()
        }
        XCTAssertGreaterThan(loop.pollTimeout(now: .now), 0)
        XCTAssertLessThanOrEqual(loop.pollTimeout(now: .now), 5)
        try loop.run()
        XCTAssertEqual(fired, 1)
        XCTAssertEqual(loop.pollTimeout(now: .now), -1, "a fired timer is gone")
    }

    func testTimersFireInDeadlineOrderAndCancelledOnesNever() throws {
        let loop = try EventLoop()
        var order: [String] = []
        let now = ContinuousClock.now
        loop.schedule(at: now.advanced(by: .milliseconds(2))) { order.append("second") }
        let cancelled = loop.schedule(at: now.advanced(by: .milliseconds(1))) { order.append("cancelled") }
        loop.schedule(at: now) { order.append("first") }
        loop.schedule(at: now.advanced(by: .milliseconds(3))) { loop.stop() }
        loop.cancel(cancelled)
        try loop.run()
        XCTAssertEqual(order, ["first", "second"])
    }

    func testNoHandlerRunsAfterStopInTheSameRound() throws {
        let loop = try EventLoop()
        var ran: [String] = []
        let now = ContinuousClock.now
        loop.schedule(at: now) { ran.append("stopper"); loop.stop() }
        loop.schedule(at: now.advanced(by: .microseconds(1))) { ran.append("due in the same round") }
        while ContinuousClock.now < now.advanced(by: .microseconds(2)) {}
        try loop.run()
        XCTAssertEqual(ran, ["stopper"], "a detach must not wait for a render that was due")
    }

    func testPollTimeoutRoundsUpToTheNearestTimer() throws {
        let loop = try EventLoop()
        let now = ContinuousClock.now
        loop.schedule(at: now.advanced(by: .microseconds(1500))) {}
        loop.schedule(at: now.advanced(by: .seconds(9))) {}
        XCTAssertEqual(loop.pollTimeout(now: now), 2)
        XCTAssertEqual(loop.pollTimeout(now: now.advanced(by: .seconds(1))), 0)
    }

    func testSignalIsDeliveredThroughTheSelfPipe() throws {
        let loop = try EventLoop()
        var resized = 0
        loop.onSignal(SIGWINCH) {
            resized += 1
            loop.stop()
        }
        raise(SIGWINCH)
        try loop.run()
        XCTAssertEqual(resized, 1)
    }

    func testSignalWakesALoopBlockedInPoll() throws {
        let loop = try EventLoop()
        var children = 0
        loop.onSignal(SIGCHLD) {
            children += 1
            loop.stop()
        }
        let pid = fork()
        if pid == 0 { _exit(0) }
        try loop.run()  // no fd, no timer: only the signal can end this
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        XCTAssertEqual(children, 1)
    }
}
