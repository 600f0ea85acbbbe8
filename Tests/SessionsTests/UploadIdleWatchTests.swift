import XCTest
@testable import Sessions

/// An upload that moves no byte for 20 s is given up; any progress pushes the deadline on.
final class UploadIdleWatchTests: XCTestCase {
    func testOnlyNewBytesCountAsProgress() {
        let start = ContinuousClock.now
        var watch = UploadIdleWatch(start: start)
        XCTAssertEqual(watch.deadline, start.advanced(by: .seconds(20)))
        watch.progressed(sent: 32_768, at: start.advanced(by: .seconds(5)))
        XCTAssertFalse(watch.isIdle(at: start.advanced(by: .seconds(24))))
        // Steps that sent nothing more (the link stalled) do not move the deadline.
        for second in 6...30 { watch.progressed(sent: 32_768, at: start.advanced(by: .seconds(second))) }
        XCTAssertEqual(watch.deadline, start.advanced(by: .seconds(25)))
        XCTAssertTrue(watch.isIdle(at: start.advanced(by: .seconds(25))))
    }
}
