import XCTest
@testable import Sessions

/// After a quiet spell, the first thing heard after a keepalive is the host's answer: that time
/// is a round-trip sample for echo prediction. A host that keeps printing gives no sample.
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

    func testAHostThatKeepsPrintingGivesNoSample() {
        let t0 = ContinuousClock.now
        var watch = KeepaliveWatch(now: t0)
        // Output every 100 ms (a clock on a 200 ms link); libssh2 still sends its keepalive.
        _ = watch.heard(at: t0 + .seconds(15) - .milliseconds(100))
        watch.probed(at: t0 + .seconds(15))
        _ = watch.heard(at: t0 + .seconds(15) + .milliseconds(10))
        XCTAssertNil(watch.takeRoundTrip(), "10 ms of unrelated output is not a round trip")
    }
}
