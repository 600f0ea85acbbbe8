import Foundation
@testable import Pairing
import TestSupport
import XCTest

/// The forced command's decisions, driven through the state directory with a fake clock.
final class EnrollmentTests: XCTestCase {
    var scratch: TemporaryDirectory!
    var state: PairingStateDirectory!
    let base = Date(timeIntervalSince1970: 1_800_000_000)
    var input: [UInt8] {
        let blob = [0, 0, 0, 11] + Array("ssh-ed25519".utf8) + [0, 0, 0, 32] + [UInt8](repeating: 3, count: 32)
        return Array("ssh-ed25519 \(Data(blob).base64EncodedString())\nlaptop\n".utf8)
    }

    override func setUpWithError() throws {
        scratch = try TemporaryDirectory(prefix: "drover-enroll")
        state = PairingStateDirectory(path: scratch.path, id: "abcdefghijklmnopqrstuw")
        try state.create(.offer, [String(Int64(base.timeIntervalSince1970) + 1000)])
    }

    override func tearDown() { scratch.remove() }

    /// A clock that moves `step` seconds each time it is read.
    func steppingClock(step: TimeInterval) -> @Sendable () -> Date {
        let ticks = Counter()
        let start = base
        return { start.addingTimeInterval(step * Double(ticks.next())) }
    }

    func enrollment(step: TimeInterval = 0) -> Enrollment {
        Enrollment(state: state, clock: steppingClock(step: step), pollInterval: 0.001)
    }

    func testApprovedAndWrittenAnswersOK() throws {
        try state.create(.decision, ["approve SHA256:x"])
        try state.create(.result, ["ok"])
        XCTAssertEqual(enrollment().run { _ in self.input }, .ok)
        XCTAssertEqual(state.read(.claim)?[1], "laptop")
        XCTAssertEqual(state.read(.done), ["OK"])
    }

    func testDeniedAnswersDenied() throws {
        try state.create(.decision, ["deny"])
        XCTAssertEqual(enrollment().run { _ in self.input }, .denied)
        XCTAssertEqual(state.read(.done), ["DENIED"])
    }

    func testSecondClaimIsDeniedAndLeavesTheFirstEnrollsFilesAlone() throws {
        try state.create(.claim, ["ssh-ed25519 AAAA", "first", "1800000000"])
        XCTAssertEqual(enrollment().run { _ in self.input }, .denied)
        XCTAssertEqual(state.read(.claim)?[1], "first")
        XCTAssertFalse(state.exists(.done))
    }

    func testBadInputIsInvalidAndClaimsNothing() {
        XCTAssertEqual(enrollment().run { _ in Array("ssh-ed25519 AAAA\n".utf8) }, .invalid)
        XCTAssertFalse(state.exists(.claim))
    }

    func testWithoutOfferTheCodeHasExpired() {
        state.removeAll()
        XCTAssertEqual(enrollment().run { _ in self.input }, .expired)
        XCTAssertFalse(state.exists(.claim))
    }

    func testNoDecisionWithinTheApprovalWindowRecordsExpired() {
        XCTAssertEqual(enrollment(step: 50).run { _ in self.input }, .expired)
        XCTAssertEqual(state.read(.decision), ["expired"])
        XCTAssertEqual(state.read(.done), ["EXPIRED"])
    }

    func testApprovalWithoutResultGivesUpAndBlocksALateKey() throws {
        try state.create(.decision, ["approve SHA256:x"])
        XCTAssertEqual(enrollment(step: 50).run { _ in self.input }, .expired)
        XCTAssertEqual(state.read(.result), ["expired"], "the computer's later 'ok' cannot be created any more")
        XCTAssertFalse(try state.create(.result, ["ok"]))
    }
}

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func next() -> Int { lock.withLock { defer { value += 1 }; return value } }
}
