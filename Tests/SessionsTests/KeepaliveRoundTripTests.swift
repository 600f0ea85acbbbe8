import XCTest
@testable import Sessions

/// A keepalive goes out only after an idle interval, so the first thing heard after it is the
/// host's answer: that time is a round-trip sample for echo prediction.
final class KeepaliveRoundTripTests: XCTestCase {
    func testTheFirstAnswerAfterAKeepaliveIsOneRoundTripSample() {
        let t0 = ContinuousClock.now
        var watch = KeepaliveWatch(now: t0)
        _ = watch.heard(at: t0 + .seconds(1))
        XCTAssertNil(watch.takeRoundTrip(), "no keepalive sent yet")
        watch.probed(at: t0 + .seconds(15))
        _ = watch.heard(at: t0 + .seconds(15) + .milliseconds(200))
        _ = watch.heard(at: t0 + .seconds(15) + .milliseconds(300))
        XCTAssertEqual(watch.takeRoundTrip(), .milliseconds(200))
        XCTAssertNil(watch.takeRoundTrip(), "taken once")
    }
}
