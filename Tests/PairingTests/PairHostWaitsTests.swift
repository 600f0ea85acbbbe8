import XCTest
import LibC
@testable import Pairing

/// pair-host's waits run on Loop's `EventLoop`: a watched signal or keyboard input ends a wait.
final class PairHostWaitsTests: XCTestCase {
    func testAWatchedSignalEndsTheWaitAndIsRemembered() throws {
        let waits = try PairHostWaits()
        XCTAssertNil(waits.caught)
        raise(SIGHUP)
        XCTAssertFalse(try waits.wait(seconds: 60), "no descriptor was readable")
        XCTAssertEqual(waits.caught, SIGHUP)
    }

    func testReadableInputEndsTheWait() throws {
        let waits = try PairHostWaits()
        var fds: [Int32] = [-1, -1]
        XCTAssertEqual(pipe(&fds), 0)
        defer { close(fds[0]); close(fds[1]) }
        var byte = UInt8(ascii: "y")
        XCTAssertEqual(write(fds[1], &byte, 1), 1)
        XCTAssertTrue(try waits.wait(seconds: 60, alsoReadable: fds[0]))
        XCTAssertNil(waits.caught)
    }

    func testAWaitWithNothingHappeningReturnsFalse() throws {
        let waits = try PairHostWaits()
        XCTAssertFalse(try waits.wait(seconds: 0))
        XCTAssertNil(waits.caught)
    }
}
