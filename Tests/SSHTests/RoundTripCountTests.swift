import Foundation
import XCTest
import TestSupport

/// `LinkShaper.roundTrips` on written traces: a client write counts as a new round trip only
/// when server bytes could have reached the client before it, so a burst split by a busy
/// scheduler is one round trip, and a real answer is always counted.
final class RoundTripCountTests: XCTestCase {
    private func count(_ lines: [String], delay: Int = 200) throws -> Int {
        let path = NSTemporaryDirectory() + "roundtrip-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return try LinkShaper.roundTrips(trace: path, delayMilliseconds: delay)
    }

    func testEachAnswerAfterTheServersBytesArrivedIsOneMore() throws {
        XCTAssertEqual(try count(["1.000 accept 0", "1.001 up 40", "1.201 down 40", "1.402 up 100",
                                  "1.602 down 60", "1.803 up 30"]), 3)
    }

    func testABurstSplitWhileTheServersAnswerWasStillOnTheWayIsOne() throws {
        // The second piece left 0.3 s after the first: the server's answer to the first piece
        // was read at 1.201 and could not reach the client before 1.401.
        XCTAssertEqual(try count(["1.001 up 40", "1.201 down 40", "1.301 up 20", "1.402 up 10",
                                  "1.602 down 60"]), 2)
    }

    func testServerBytesFromBeforeTheRoundTripBeganDoNotStartAnother() throws {
        // The banner read at 1.000 was seen by the write at 1.300; a straggler at 1.500 has no
        // newer server bytes behind it.
        XCTAssertEqual(try count(["1.000 down 20", "1.300 up 40", "1.500 up 10"]), 1)
    }
}
