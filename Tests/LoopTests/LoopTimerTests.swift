import XCTest
@testable import Loop

/// A named timer: rescheduling replaces, cancelling forgets, pending until it runs, and a
/// dropped timer's handler never runs.
final class LoopTimerTests: XCTestCase {
    func testSchedulingAgainReplacesWhatWasPending() throws {
        let loop = try EventLoop()
        let timer = LoopTimer(on: loop)
        var fired: [String] = []
        timer.nextTurn { fired.append("replaced") }
        timer.nextTurn { fired.append("newest") }
        XCTAssertEqual(loop.scheduledTimerCount, 1, "one timer, not two")
        XCTAssertTrue(timer.isPending)
        try loop.runOnce()
        XCTAssertEqual(fired, ["newest"])
        XCTAssertFalse(timer.isPending, "it ran")
        XCTAssertEqual(loop.scheduledTimerCount, 0)
    }

    func testIsNotPendingInsideItsOwnHandlerAndMayScheduleAgain() throws {
        let loop = try EventLoop()
        let timer = LoopTimer(on: loop)
        var runs = 0
        func again() {
            timer.nextTurn {
                XCTAssertFalse(timer.isPending)
                runs += 1
                if runs < 3 { again() }
            }
        }
        again()
        for _ in 0..<5 { if timer.isPending { try loop.runOnce() } }
        XCTAssertEqual(runs, 3)
    }

    func testCancelForgetsAndCancellingNothingIsHarmless() throws {
        let loop = try EventLoop()
        let timer = LoopTimer(on: loop)
        timer.cancel()
        var fired = false
        timer.schedule(after: .zero) { fired = true }
        timer.cancel()
        XCTAssertFalse(timer.isPending)
        XCTAssertEqual(loop.scheduledTimerCount, 0)
        loop.schedule(after: .zero) {}   // something for the turn to wake for
        try loop.runOnce()
        XCTAssertFalse(fired)
    }

    func testADroppedTimerTakesItsHandlerWithIt() throws {
        let loop = try EventLoop()
        var timer: LoopTimer? = LoopTimer(on: loop)
        timer?.schedule(at: .now + .seconds(60)) { XCTFail("the owner is gone") }
        XCTAssertEqual(loop.scheduledTimerCount, 1)
        timer = nil
        XCTAssertEqual(loop.scheduledTimerCount, 0)
    }
}
