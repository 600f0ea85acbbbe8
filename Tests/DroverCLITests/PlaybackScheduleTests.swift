import XCTest
@testable import DroverCLI

/// `replay --play`'s clock, driven with made-up times: pieces come due at their recorded time
/// divided by the speed, a pause stops the clock, and typescripts follow their timing file.
final class PlaybackScheduleTests: XCTestCase {
    private func cast(_ events: String) throws -> Recording {
        try Recording.parse(Array(("{\"version\": 2, \"width\": 20, \"height\": 5}\n" + events).utf8), name: "t.cast")
    }

    func testAsciicastPiecesComeDueAtTheirTimesDividedByTheSpeed() throws {
        let recording = try cast("[0.0, \"o\", \"a\"]\n[2.0, \"o\", \"b\"]\n[1.0, \"o\", \"c\"]\n")
        var normal = PlaybackSchedule(recording, speed: 1, startingAt: 0)
        XCTAssertEqual(normal.due(at: 0), [.output(Array("a".utf8))])
        XCTAssertEqual(normal.wait(at: 0.5), 1.5)
        XCTAssertEqual(normal.due(at: 1.9), [])
        // A time that goes back (1.0 after 2.0) waits nothing more.
        XCTAssertEqual(normal.due(at: 2.0), [.output(Array("b".utf8)), .output(Array("c".utf8))])
        XCTAssertTrue(normal.isFinished)
        XCTAssertNil(normal.wait(at: 3))

        var fast = PlaybackSchedule(recording, speed: 4, startingAt: 0)
        XCTAssertEqual(fast.due(at: 0.5).count, 3)
    }

    func testAPauseStopsTheClock() throws {
        var schedule = PlaybackSchedule(try cast("[0.0, \"o\", \"a\"]\n[1.0, \"o\", \"b\"]\n"), speed: 1, startingAt: 0)
        _ = schedule.due(at: 0)
        schedule.togglePause(at: 0.5)
        XCTAssertTrue(schedule.isPaused)
        XCTAssertNil(schedule.wait(at: 10))
        XCTAssertEqual(schedule.due(at: 10), [])
        schedule.togglePause(at: 10)
        XCTAssertEqual(schedule.wait(at: 10), 0.5)
        XCTAssertEqual(schedule.due(at: 10.5), [.output(Array("b".utf8))])
    }

    func testATypescriptFollowsItsTimingFile() throws {
        let recording = try Recording.parse(Array("Script started\nhello world".utf8), name: "typescript")
        let timing = try PlaybackSchedule.parseTiming("0.5 5\nO 1.0 6\nI 0.1 1\n", name: "timing")
        XCTAssertEqual(timing.map(\.bytes), [5, 6])
        var schedule = PlaybackSchedule(recording, timing: timing, speed: 1, startingAt: 0)
        XCTAssertEqual(schedule.due(at: 0.4), [])
        XCTAssertEqual(schedule.due(at: 0.5), [.output(Array("hello".utf8))])
        XCTAssertEqual(schedule.due(at: 1.5), [.output(Array(" world".utf8))])
        XCTAssertThrowsError(try PlaybackSchedule.parseTiming("soon 5\n", name: "timing")) {
            XCTAssertTrue("\($0)".contains("timing, line 1: not a timing line"), "\($0)")
        }
    }

    func testAStreamWithoutTimesIsPacedSteadily() throws {
        let bytes = [UInt8](repeating: 0x41, count: PlaybackSchedule.steadyPieceBytes * 3)
        var schedule = PlaybackSchedule(try Recording.parse(bytes, name: "x.vt"), speed: 1, startingAt: 0)
        XCTAssertEqual(schedule.due(at: 0).count, 1)
        let step = Double(PlaybackSchedule.steadyPieceBytes) / PlaybackSchedule.steadyBytesPerSecond
        XCTAssertEqual(schedule.due(at: 2 * step).count, 2)
        XCTAssertTrue(schedule.isFinished)
    }

    func testPlayOptionsAreChecked() {
        let h = CLIHarness()
        XCTAssertEqual(h.run("replay", "x.cast", "--play", "--format", "ansi"), 2)
        XCTAssertTrue(h.err.contains("--play shows the recording itself; leave out --format"), h.err)
        let speed = CLIHarness()
        XCTAssertEqual(speed.run("replay", "x.cast", "--play", "--speed", "0"), 2)
        XCTAssertTrue(speed.err.contains("--speed must be a number from 0.1 to 1000"), speed.err)
        let alone = CLIHarness()
        XCTAssertEqual(alone.run("replay", "x.cast", "--speed", "2"), 2)
        XCTAssertTrue(alone.err.contains("--speed and --timing go with --play"), alone.err)
        let noTerminal = CLIHarness()
        XCTAssertEqual(noTerminal.run("replay", "x.cast", "--play"), 2)
        XCTAssertTrue(noTerminal.err.contains("--play needs a terminal"), noTerminal.err)
    }
}
