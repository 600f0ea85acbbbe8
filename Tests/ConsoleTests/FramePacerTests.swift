import XCTest
import Render
import VT
@testable import Console
@testable import Loop

/// The pacer's decisions at given instants (nothing is timed): when a frame is due after the
/// last one, and how a synchronized update holds frames back.
final class FramePacerTests: XCTestCase {
    private func pacer(_ configure: (inout FrontView.Configuration) -> Void = { _ in }) throws -> (FramePacer, EventLoop) {
        let loop = try EventLoop()
        var configuration = FrontView.Configuration(capabilities: ConsoleCapabilities())
        configure(&configuration)
        return (FramePacer(loop: loop, configuration: configuration), loop)
    }

    func testTheFirstFrameAfterAQuietSpellIsDrawnOnTheNextTurn() throws {
        let (pacer, loop) = try pacer()
        let start = ContinuousClock.now
        XCTAssertTrue(pacer.isDue(at: start))
        var drawn = 0
        pacer.request(frameComplete: true, now: start) { drawn += 1 }
        XCTAssertEqual(drawn, 0, "not inside the turn that asked")
        XCTAssertEqual(loop.pollTimeout(now: start), 0)
        try loop.runOnce()
        XCTAssertEqual(drawn, 1)
    }

    func testAFrameHoldsTheNextOneBackByItsInterval() throws {
        let (pacer, loop) = try pacer {
            $0.frameInterval = .milliseconds(50)
            $0.frameBytesPerSecond = 1000
            $0.longestFrameInterval = .seconds(1)
        }
        let start = ContinuousClock.now
        pacer.drew(bytes: 10, at: start)
        XCTAssertFalse(pacer.isDue(at: start + .milliseconds(49)))
        XCTAssertTrue(pacer.isDue(at: start + .milliseconds(50)))
        pacer.request(frameComplete: true, now: start + .milliseconds(10)) {}
        XCTAssertEqual(loop.pollTimeout(now: start + .milliseconds(10)), 40)
        pacer.cancel()
        XCTAssertEqual(loop.pollTimeout(now: start), -1, "a frame drawn now leaves no timer")
        // 500 bytes at 1000 bytes/s: the next frame waits half a second.
        pacer.drew(bytes: 500, at: start)
        XCTAssertFalse(pacer.isDue(at: start + .milliseconds(499)))
        XCTAssertTrue(pacer.isDue(at: start + .milliseconds(500)))
    }

    /// A key's guess and echo are not held back by the frame interval (a person waits on them;
    /// a status line drawn just before would otherwise delay the echo by up to the interval),
    /// but a big frame's own time at the byte pace still holds; the third frame is paced again.
    func testTheFramesAnsweringAKeyWaitOnlyTheirPredecessorsOwnTime() throws {
        let (pacer, loop) = try pacer {
            $0.frameInterval = .milliseconds(50)
            $0.frameBytesPerSecond = 1000
            $0.longestFrameInterval = .seconds(1)
        }
        let start = ContinuousClock.now
        pacer.drew(bytes: 5, at: start)   // a status line: 5 ms at the byte pace
        XCTAssertFalse(pacer.isDue(at: start + .milliseconds(10)), "output nobody typed waits the interval")
        pacer.keyTyped()
        XCTAssertTrue(pacer.isDue(at: start + .milliseconds(5)), "the key's echo waits only the last frame's own time")
        XCTAssertFalse(pacer.isDue(at: start + .milliseconds(4)))
        pacer.request(frameComplete: true, now: start + .milliseconds(6)) {}
        XCTAssertEqual(loop.pollTimeout(now: start + .milliseconds(6)), 0, "drawn on the next turn")
        pacer.cancel()
        pacer.drew(bytes: 5, at: start + .milliseconds(6))     // the guess
        XCTAssertTrue(pacer.isDue(at: start + .milliseconds(11)), "the echo after the guess is not held either")
        pacer.drew(bytes: 300, at: start + .milliseconds(11))  // the echo, a big frame
        XCTAssertFalse(pacer.isDue(at: start + .milliseconds(60)), "after two frames the interval and byte pace hold again")
        XCTAssertTrue(pacer.isDue(at: start + .milliseconds(311)))
        pacer.keyTyped()
        XCTAssertFalse(pacer.isDue(at: start + .milliseconds(310)), "a big frame's own time holds even for a key")
    }

    /// Mouse motion and focus reports do not lift the interval (a mouse moved over a streaming
    /// program sends dozens a second); a click, text and a paste do, as a key does.
    func testOnlyInputAPersonWaitsOnLiftsTheInterval() throws {
        let (pacer, _) = try pacer { $0.frameInterval = .milliseconds(50) }
        let start = ContinuousClock.now
        pacer.drew(bytes: 5, at: start)
        pacer.sent(.mouse(MouseEvent(button: .none, action: .motion, column: 3, row: 4)))
        pacer.sent(.focus(true))
        XCTAssertFalse(pacer.isDue(at: start + .milliseconds(10)), "motion and focus: the interval holds")
        for event: InputEvent in [.mouse(MouseEvent(button: .left, action: .press, column: 3, row: 4)), .text("a"), .paste("p")] {
            pacer.drew(bytes: 5, at: start)
            pacer.drew(bytes: 5, at: start)   // two frames: any earlier lift is used up
            pacer.sent(event)
            XCTAssertTrue(pacer.isDue(at: start + .milliseconds(10)), "\(event) lifts it")
        }
    }

    func testASynchronizedUpdateHoldsFramesUntilItEndsOrItsTimeoutPasses() throws {
        let (pacer, loop) = try pacer { $0.synchronizedUpdateTimeout = .milliseconds(150) }
        let start = ContinuousClock.now
        XCTAssertFalse(pacer.mayDraw(frameComplete: false, now: start) {})
        XCTAssertEqual(loop.pollTimeout(now: start), 150, "drawn anyway when the timeout passes")
        XCTAssertFalse(pacer.mayDraw(frameComplete: false, now: start + .milliseconds(100)) {})
        XCTAssertTrue(pacer.mayDraw(frameComplete: false, now: start + .milliseconds(150)) {}, "timed out")
        XCTAssertTrue(pacer.mayDraw(frameComplete: true, now: start + .milliseconds(160)) {})
        XCTAssertFalse(pacer.mayDraw(frameComplete: false, now: start + .milliseconds(200)) {}, "a new update waits anew")
        pacer.request(frameComplete: false, now: start + .milliseconds(210)) {}
        XCTAssertEqual(loop.pollTimeout(now: start + .milliseconds(210)), 140, "a request waits for the same update's end")
    }

    func testAnotherScreenForgetsTheUpdateTheLastOneHeld() throws {
        let (pacer, _) = try pacer { $0.synchronizedUpdateTimeout = .milliseconds(150) }
        let start = ContinuousClock.now
        XCTAssertFalse(pacer.mayDraw(frameComplete: false, now: start) {})
        pacer.screenChanged()
        XCTAssertFalse(pacer.mayDraw(frameComplete: false, now: start + .milliseconds(150)) {},
                       "the new screen's update started now, not with the old one's")
    }
}

extension FramePacerTests {
    func testAFrameTheTerminalHasNotTakenHoldsTheNextUntilItIsTakenOrTheFloor() throws {
        let loop = try EventLoop()
        let pacer = FramePacer(loop: loop, configuration: FrontView.Configuration(capabilities: ConsoleCapabilities()))
        let start = ContinuousClock.now
        XCTAssertTrue(pacer.mayDraw(terminalQueued: 5_000, now: start) {}, "no frame yet: nothing to wait for")
        pacer.drew(bytes: 8_000, at: start)
        XCTAssertTrue(pacer.mayDraw(terminalQueued: 1_000, now: start + .milliseconds(8)) {})
        XCTAssertFalse(pacer.mayDraw(terminalQueued: 6_000, now: start + .milliseconds(8)) {})
        XCTAssertEqual(loop.pollTimeout(now: start + .milliseconds(8)), 4, "asked again after the recheck")
        XCTAssertTrue(pacer.mayDraw(terminalQueued: 6_000, now: start + .milliseconds(50)) {}, "the 20 frames/s floor")
    }
}

extension FramePacerTests {
    /// A frame drawn late by a turn's reads counts from up to half an interval before it, so
    /// late timers do not add up to a lower frame rate.
    func testAFrameDrawnLateKeepsTheRate() throws {
        let loop = try EventLoop()
        var configuration = FrontView.Configuration(capabilities: ConsoleCapabilities())
        configuration.frameInterval = .milliseconds(40)
        let pacer = FramePacer(loop: loop, configuration: configuration)
        let start = ContinuousClock.now
        pacer.drew(bytes: 10, at: start)
        var drawnAt: ContinuousClock.Instant?
        pacer.request(frameComplete: true, now: start + .milliseconds(1)) { drawnAt = .now }
        try loop.runOnce()
        let due = start + .milliseconds(40)
        let drawn = try XCTUnwrap(drawnAt)
        XCTAssertGreaterThanOrEqual(drawn, due)
        pacer.drew(bytes: 10, at: due + .milliseconds(15))
        XCTAssertTrue(pacer.isDue(at: due + .milliseconds(40)), "counted from its due time, 15 ms late")
        XCTAssertFalse(pacer.isDue(at: due + .milliseconds(39)))
    }
}
