import XCTest
import LibC
@testable import Loop

/// What one turn of the loop runs: a timer scheduled during a turn waits for the next one,
/// `nextTurn` runs after the next turn's descriptors, and a descriptor's handler is called at
/// most once a turn. Counted in turns (`runOnce`), not in time.
final class EventLoopTurnTests: XCTestCase {
    private var pipes: [Int32] = []

    override func tearDown() {
        for fd in pipes { close(fd) }
        pipes = []
    }

    /// Non-blocking: a read of an empty pipe says so instead of hanging the test.
    private func makePipe(holding bytes: Int = 0) throws -> (read: Int32, write: Int32) {
        let ends = try nonBlockingPipe()
        pipes += [ends.read, ends.write]
        if bytes > 0 { write(ends.write, bytes: bytes) }
        return ends
    }

    private func write(_ fd: Int32, bytes: Int) {
        let data = [UInt8](repeating: 0x61, count: bytes)
        XCTAssertEqual(data.withUnsafeBytes { LibC.write(fd, $0.baseAddress, bytes) }, bytes)
    }

    private func readOne(_ fd: Int32) -> Bool {
        var byte: UInt8 = 0
        return read(fd, &byte, 1) == 1
    }

    func testAZeroDelayTimerScheduledByAHandlerFiresInTheNextTurn() throws {
        let loop = try EventLoop()
        let (readEnd, _) = try makePipe(holding: 1)
        var fired = 0
        loop.watch(readEnd, for: .readable) { _ in
            XCTAssertTrue(self.readOne(readEnd))
            loop.schedule(after: .zero) { fired += 1 }
        }
        try loop.runOnce()
        XCTAssertEqual(fired, 0, "scheduled during the turn: not run in it")
        XCTAssertEqual(loop.pollTimeout(now: .now), 0, "the next turn does not sleep")
        if loop.scheduledTimerCount > 0 { try loop.runOnce() }
        XCTAssertEqual(fired, 1)
    }

    func testATimerScheduledByATimerWaitsForTheNextTurn() throws {
        let loop = try EventLoop()
        var order: [String] = []
        loop.nextTurn {
            order.append("first")
            loop.nextTurn { order.append("second") }
        }
        try loop.runOnce()
        XCTAssertEqual(order, ["first"])
        try loop.runOnce()
        XCTAssertEqual(order, ["first", "second"])
    }

    /// What a link's pump relies on: the rest of a burst is read after the keys typed meanwhile.
    func testNextTurnRunsAfterTheNextTurnsDescriptors() throws {
        let loop = try EventLoop()
        let socket = try makePipe(holding: 1)
        let keys = try makePipe()
        var order: [String] = []
        loop.watch(socket.read, for: .readable) { _ in
            XCTAssertTrue(self.readOne(socket.read))
            order.append("socket")
            self.write(keys.write, bytes: 1)   // a key typed while the socket was read
            loop.nextTurn { order.append("rest of the burst") }
        }
        loop.watch(keys.read, for: .readable) { _ in
            XCTAssertTrue(self.readOne(keys.read))
            order.append("key")
        }
        try loop.runOnce()
        try loop.runOnce()
        XCTAssertEqual(order, ["socket", "key", "rest of the burst"])
    }

    /// A reader that takes one slice a turn and asks for the next turn while more waits (a
    /// link's pump) reads once per turn, not twice in the burst's first.
    func testABurstIsReadOneSliceATurn() throws {
        let loop = try EventLoop()
        let (readEnd, _) = try makePipe(holding: 4)
        var readsThisTurn = 0, mostInATurn = 0, slices = 0
        var waiting: EventLoop.TimerToken?
        func pump() {
            guard readOne(readEnd) else { return }
            slices += 1
            readsThisTurn += 1
            mostInATurn = max(mostInATurn, readsThisTurn)
            if waiting == nil {
                waiting = loop.nextTurn { waiting = nil; pump() }
            }
        }
        loop.watch(readEnd, for: .readable) { _ in
            if waiting == nil { pump() }   // a turn already asked for does this read
        }
        // The fifth turn finds the pipe empty and asks for no more.
        for _ in 0..<5 where slices < 4 || waiting != nil {
            readsThisTurn = 0
            try loop.runOnce()
        }
        XCTAssertNil(waiting)
        XCTAssertEqual(slices, 4)
        XCTAssertEqual(mostInATurn, 1, "one read per turn")
    }

    func testAStillReadableDescriptorGetsOneCallPerTurn() throws {
        let loop = try EventLoop()
        let (readEnd, _) = try makePipe(holding: 3)
        var calls = 0
        loop.watch(readEnd, for: .readable) { _ in
            calls += 1
            XCTAssertTrue(self.readOne(readEnd))
        }
        for turn in 1...3 {
            try loop.runOnce()
            XCTAssertEqual(calls, turn)
        }
    }

    func testTimersDueTogetherFireInTheOrderTheyWereScheduled() throws {
        let loop = try EventLoop()
        let deadline = ContinuousClock.now
        var order: [Int] = []
        for index in 0..<20 { loop.schedule(at: deadline) { order.append(index) } }
        try loop.runOnce()
        XCTAssertEqual(order, Array(0..<20))
    }

    func testIsScheduledUntilFiredOrCancelled() throws {
        let loop = try EventLoop()
        let fires = loop.nextTurn {}
        let cancelled = loop.schedule(after: .seconds(60)) {}
        XCTAssertTrue(loop.isScheduled(fires))
        loop.cancel(cancelled)
        XCTAssertFalse(loop.isScheduled(cancelled))
        try loop.runOnce()
        XCTAssertFalse(loop.isScheduled(fires))
    }
}
