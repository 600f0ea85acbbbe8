import XCTest
@testable import Sessions

/// Issue 30, item 5, without sshd: typed keys that get no answer make the link suspect after
/// a second and dead after four (or eight round trips); anything heard ends it; a probe's
/// answer proves what was written before it and times the round trip.
final class ReceiptWatchTests: XCTestCase {
    private let t0 = ContinuousClock.now

    func testUnansweredKeysAreSuspectAfterOneSecondAndDeadAfterFour() {
        var watch = ReceiptWatch()
        XCTAssertEqual(watch.check(at: t0), .answered, "an idle link starts no clock")
        XCTAssertTrue(watch.typed(at: t0))
        XCTAssertFalse(watch.typed(at: t0 + .milliseconds(300)), "the first unanswered key keeps the clock")
        XCTAssertEqual(watch.check(at: t0 + .milliseconds(500)), .waiting(until: t0 + .seconds(1)))
        XCTAssertEqual(watch.check(at: t0 + .seconds(1)), .silent(newly: true))
        XCTAssertEqual(watch.statusNote(host: "h1", at: t0 + .milliseconds(1500)),
                       "h1: no answer for 1 s; reconnecting after 4 s of silence")
        XCTAssertEqual(watch.check(at: t0 + .seconds(2)), .silent(newly: false))
        XCTAssertEqual(watch.check(at: t0 + .seconds(4)), .dead(silentSeconds: 4))
    }

    func testAnythingHeardEndsTheSuspicion() {
        var watch = ReceiptWatch()
        _ = watch.typed(at: t0)
        _ = watch.check(at: t0 + .seconds(2))
        XCTAssertTrue(watch.heard(), "the notice ends: redraw")
        XCTAssertEqual(watch.check(at: t0 + .seconds(10)), .answered, "a slow host that answered is not dead")
        XCTAssertNil(watch.statusNote(host: "h1", at: t0 + .seconds(10)))
    }

    func testAProbeAnswerGivesItsMarkAndTheRoundTripThatScalesTheClock() {
        var watch = ReceiptWatch()
        watch.wantProbe()
        XCTAssertNil(watch.probeStepped(answered: false, mark: 7, at: t0), "sent, vouching for 7 bytes")
        XCTAssertNil(watch.probeStepped(answered: false, mark: 9, at: t0 + .milliseconds(100)))
        XCTAssertEqual(watch.probeStepped(answered: true, mark: 12, at: t0 + .seconds(1)), 7)
        XCTAssertFalse(watch.probePending)
        XCTAssertEqual(watch.suspectAfter, .seconds(3))
        XCTAssertEqual(watch.deadAfter, .seconds(8))
    }

    /// A wake or an address change while a probe is out: that probe's answer may have crossed
    /// the old path, so another goes once it is answered; without one out, one goes now.
    func testAProbeOutWhenTheAddressesChangeIsFollowedByAnother() {
        var watch = ReceiptWatch()
        let t0 = ContinuousClock.now
        watch.wantProbe()
        XCTAssertNil(watch.probeStepped(answered: false, mark: 3, at: t0), "sent")
        watch.wantProbeSentFromNow()
        XCTAssertEqual(watch.probeStepped(answered: true, mark: 5, at: t0 + .milliseconds(10)), 3)
        XCTAssertTrue(watch.probePending, "another probe is wanted after the answer")
        XCTAssertNil(watch.probeStepped(answered: false, mark: 5, at: t0 + .milliseconds(11)), "the second went")
        XCTAssertEqual(watch.probeStepped(answered: true, mark: 5, at: t0 + .milliseconds(20)), 5)
        XCTAssertFalse(watch.probePending, "and no third")
        watch.wantProbeSentFromNow()
        XCTAssertTrue(watch.probePending, "none out: one is wanted at once")
    }

    func testAWakeAsksForAnAnswerWithinTheWindow() {
        var watch = ReceiptWatch()
        watch.expectAnswer(at: t0, within: .seconds(2))
        XCTAssertEqual(watch.check(at: t0 + .seconds(1)), .silent(newly: true))
        XCTAssertEqual(watch.check(at: t0 + .seconds(2)), .dead(silentSeconds: 2))
    }
}
