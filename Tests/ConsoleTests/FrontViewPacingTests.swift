import XCTest
import VT
import Render
@testable import Console
@testable import Loop

/// Frame pacing under floods: a big frame spaces out the next one, a small one does not, and
/// no wait is longer than `longestFrameInterval`. Asserted on the computed waits, not by timing.
final class FrontViewPacingTests: XCTestCase {
    func testIntervalFollowsTheFrameSizeBetweenTheShortestAndTheLongest() {
        var configuration = FrontView.Configuration(capabilities: ConsoleCapabilities())
        configuration.frameInterval = .milliseconds(8)
        configuration.frameBytesPerSecond = 512 * 1024
        configuration.longestFrameInterval = .milliseconds(20)
        XCTAssertEqual(configuration.interval(afterFrameOf: 0), .milliseconds(8))
        XCTAssertEqual(configuration.interval(afterFrameOf: 2_048), .milliseconds(8), "3.9 ms at the rate")
        XCTAssertEqual(configuration.interval(afterFrameOf: 8_192), .microseconds(15_625), "1/64 s at the rate")
        XCTAssertEqual(configuration.interval(afterFrameOf: 94_069), .milliseconds(20),
                       "a full 120x40 screen of 256-colour cells: 180 ms at the rate, capped")
        configuration.longestFrameInterval = .milliseconds(1)
        XCTAssertEqual(configuration.interval(afterFrameOf: 94_069), .milliseconds(8),
                       "pacing never draws more often than frameInterval")
    }

    /// The default rate keeps a flood at 10 MiB/s (the benchmark's capped link) under 5% of its
    /// bytes in frames, for every frame the rate governs (up to `longestFrameInterval`'s worth).
    func testTheDefaultRateWritesUnderFivePercentOfATenMiBPerSecondFlood() {
        let configuration = FrontView.Configuration(capabilities: ConsoleCapabilities())
        func seconds(_ d: Duration) -> Double { Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18 }
        let budget = 0.05 * 10 * 1024 * 1024
        let largest = Int(Double(configuration.frameBytesPerSecond) * seconds(configuration.longestFrameInterval))
        for bytes in stride(from: 64, through: largest, by: 64) {
            let seconds = seconds(configuration.interval(afterFrameOf: bytes))
            XCTAssertLessThanOrEqual(Double(bytes) / seconds, budget * 0.9, "a frame of \(bytes) bytes")
        }
    }

    func testABigFrameHoldsTheNextOneBack() throws {
        // No frame interval: any wait comes from pacing. At 1 byte/s a frame of N bytes waits N s.
        let h = try FrontViewTests.Harness {
            $0.frameInterval = .zero
            $0.frameBytesPerSecond = 1
            $0.longestFrameInterval = .seconds(600)
        }
        h.view.receiveRemote(Array("a".utf8))
        try h.loop.runOnce()
        XCTAssertEqual(h.frames.count, 1)
        let wait = h.frames[0].count * 1000
        h.view.receiveRemote(Array("b".utf8))
        XCTAssertGreaterThan(h.loop.pollTimeout(now: .now), Int32(wait - 1000), "the next frame waits for the last one's bytes")
    }

    /// A pass that drew nothing (a typed key's prediction check at a short round trip) does
    /// not count as a frame: the echo right after it is drawn at once, not a frame interval
    /// later (it cost every key 8 ms at 0 ms RTT in scripts/bench).
    func testAPassThatDrewNothingDoesNotHoldTheNextFrameBack() throws {
        let h = try FrontViewTests.Harness { $0.frameInterval = .milliseconds(50) }
        h.view.receiveRemote(Array("a".utf8))
        try h.loop.runOnce()
        XCTAssertEqual(h.frames.count, 1)
        // Let that frame age past the interval (a timer event, not a sleep).
        _ = h.loop.schedule(at: .now + .milliseconds(60)) {}
        try h.loop.runOnce()
        h.view.renderNow()
        XCTAssertEqual(h.frames.count, 1, "nothing changed, nothing written")
        h.view.receiveRemote(Array("b".utf8))
        XCTAssertEqual(h.loop.pollTimeout(now: .now), 0, "drawn on the next turn")
    }

    /// Inside a flood of synchronized updates a read that closes one update and opens the next
    /// draws the closed one whole, instead of nothing until the update timeout.
    func testAReadEndingInsideTheNextUpdateDrawsTheOneItClosed() throws {
        let h = try FrontViewTests.Harness { $0.synchronizedUpdateTimeout = .seconds(60) }
        let open = "\u{1B}[?2026h", close = "\u{1B}[?2026l"
        h.view.receiveRemote(Array("\(open)one".utf8))          // the remote uses mode 2026
        XCTAssertTrue(h.frames.isEmpty)
        h.view.receiveRemote(Array("\r\ntwo\(close)\(open)\u{1B}[Hthr".utf8))
        XCTAssertEqual(h.frames.count, 1, "the update closed in this read is drawn")
        XCTAssertEqual(Array(h.lines.prefix(2)), ["one", "two"], "whole, without the next one's start")
        XCTAssertGreaterThan(h.loop.pollTimeout(now: .now), 1000, "the open update is not drawn")
        XCTAssertEqual(HostScreen.lastUpdateEnd(in: UnsafeRawBufferPointer(start: nil, count: 0)), nil)
        Array("ab\(close)c\(close)?\u{1B}[?2026".utf8).withUnsafeBytes {
            XCTAssertEqual(HostScreen.lastUpdateEnd(in: $0), 19, "after the last whole one; a cut one at the end is not one")
        }
    }

    func testASmallFrameDoesNotHoldTheNextOneBack() throws {
        let h = try FrontViewTests.Harness {
            $0.frameInterval = .zero
            $0.frameBytesPerSecond = 1 << 30
        }
        h.view.receiveRemote(Array("a".utf8))
        try h.loop.runOnce()
        XCTAssertEqual(h.frames.count, 1)
        h.view.receiveRemote(Array("b".utf8))
        XCTAssertEqual(h.loop.pollTimeout(now: .now), 0, "drawn on the next turn")
        try h.loop.runOnce()
        XCTAssertEqual(h.frames.count, 2)
        XCTAssertEqual(h.lines[0], "ab")
    }
}
