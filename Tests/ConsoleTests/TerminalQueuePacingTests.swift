import XCTest
@testable import Console

/// The rule that holds a frame while the local terminal has not taken the last one: values in,
/// decisions out, nothing timed.
final class TerminalQueuePacingTests: XCTestCase {
    private let pacing = TerminalQueuePacing()

    func testATakenFrameLetsTheNextGoAtOnce() {
        XCTAssertNil(pacing.wait(queued: 0, lastFrameBytes: 80_000, sinceLastFrame: .milliseconds(1)))
        XCTAssertNil(pacing.wait(queued: 10_000, lastFrameBytes: 80_000, sinceLastFrame: .zero), "an eighth left counts as taken")
    }

    func testMostOfTheLastFrameStillQueuedWaitsAndAsksAgain() {
        XCTAssertEqual(pacing.wait(queued: 10_001, lastFrameBytes: 80_000, sinceLastFrame: .milliseconds(10)), .milliseconds(4))
        XCTAssertEqual(pacing.wait(queued: 80_000, lastFrameBytes: 80_000, sinceLastFrame: .milliseconds(48)), .milliseconds(2),
                       "never past the floor")
    }

    func testTheFloorDrawsAFrameEvenWhileTheTerminalLags() {
        XCTAssertNil(pacing.wait(queued: 80_000, lastFrameBytes: 80_000, sinceLastFrame: .milliseconds(50)), "20 frames/s")
        XCTAssertNil(pacing.wait(queued: 1, lastFrameBytes: 0, sinceLastFrame: .seconds(1)))
    }

    func testAQueueLeftByOthersHoldsASmallFrameOnlyUntilTheFloor() {
        // Bytes another program wrote to the terminal count too: the frame after a tiny one waits.
        XCTAssertEqual(pacing.wait(queued: 500, lastFrameBytes: 40, sinceLastFrame: .zero), .milliseconds(4))
        XCTAssertNil(pacing.wait(queued: 500, lastFrameBytes: 40, sinceLastFrame: .milliseconds(50)))
    }
}
