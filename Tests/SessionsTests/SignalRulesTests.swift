import XCTest
import VT
@testable import Sessions

/// The pure rules behind bells and marks: the rate limit, what a host's emulator counted since
/// the last look, and how a hidden host's mark reads in the host list.
final class SignalRulesTests: XCTestCase {
    let t0 = ContinuousClock.now

    func testTheBellRingsAtMostTwiceASecond() {
        var limit = RateLimit.bell
        XCTAssertTrue(limit.allows(at: t0))
        XCTAssertFalse(limit.allows(at: t0 + .milliseconds(10)))
        XCTAssertFalse(limit.allows(at: t0 + .milliseconds(499)))
        XCTAssertTrue(limit.allows(at: t0 + .milliseconds(500)))
        XCTAssertFalse(limit.allows(at: t0 + .milliseconds(900)), "the interval counts from the last bell let through")
        XCTAssertTrue(limit.allows(at: t0 + .seconds(2)))
    }

    /// One per interval; one that comes sooner waits for the interval and a newer one replaces
    /// it (counted), so an agent's "needs input" after its "done" is not lost (trial of issue 32).
    func testNotificationsWithinTheIntervalWaitAndTheNewestGoesOut() {
        var throttle = NotificationThrottle()
        XCTAssertEqual(throttle.offer("done", at: t0), .now)
        XCTAssertEqual(throttle.offer("working", at: t0 + .seconds(1)), .later(t0 + .seconds(5)))
        XCTAssertEqual(throttle.offer("needs input", at: t0 + .seconds(2)), .replaced)
        XCTAssertEqual(throttle.dropped, 1)
        XCTAssertEqual(throttle.take(at: t0 + .seconds(5)), "needs input")
        XCTAssertNil(throttle.take(at: t0 + .seconds(5)))
        XCTAssertEqual(throttle.offer("again", at: t0 + .seconds(9)), .later(t0 + .seconds(10)),
                       "the interval counts from the one that went out last")
        XCTAssertEqual(throttle.take(at: t0 + .seconds(10)), "again")
        XCTAssertEqual(throttle.offer("later", at: t0 + .seconds(15)), .now)
    }

    func testTheHostListCountsNotificationsThatNeverWentOut() {
        var alerts = HostAlerts()
        XCTAssertNil(alerts.describe(at: t0))
        _ = alerts.notifications.offer("a", at: t0)
        _ = alerts.notifications.offer("b", at: t0)
        _ = alerts.notifications.offer("c", at: t0)
        _ = alerts.notifications.offer("d", at: t0)
        XCTAssertEqual(alerts.describe(at: t0), "2 notifications not sent (one per 5 s)")
        alerts.note(.bell, at: t0)
        XCTAssertEqual(alerts.describe(at: t0), "bell just now · 2 notifications not sent (one per 5 s)")
    }

    func testCollectTakesOnlyWhatIsNew() {
        let terminal = Terminal(columns: 20, rows: 2)
        var alerts = HostAlerts()
        XCTAssertFalse(alerts.hasNews(in: terminal))
        terminal.feed("\u{07}\u{07}\u{1B}]52;c;aGk=\u{07}")
        XCTAssertTrue(alerts.hasNews(in: terminal))
        var news = alerts.collect(from: terminal)
        XCTAssertEqual(news.bells, 2)
        XCTAssertEqual(news.clipboard, Array("hi".utf8))
        XCTAssertNil(news.notification)
        XCTAssertFalse(alerts.hasNews(in: terminal))
        terminal.feed("\u{1B}]9;done\u{07}")
        news = alerts.collect(from: terminal)
        XCTAssertEqual(news, HostAlerts.News(bells: 0, notification: RemoteNotification(title: "", body: "done"), clipboard: nil))
        XCTAssertTrue(alerts.collect(from: terminal).isEmpty)
    }

    func testAMarkCountsAndAgesUntilCleared() {
        var alerts = HostAlerts()
        XCTAssertNil(alerts.describe(at: t0))
        alerts.note(.bell, at: t0)
        XCTAssertEqual(alerts.describe(at: t0 + .seconds(3)), "bell just now")
        alerts.note(.bell, at: t0 + .seconds(5))
        XCTAssertEqual(alerts.describe(at: t0 + .seconds(5) + .seconds(125)), "2 bells 2 min ago")
        alerts.note(.notification("build done"), at: t0 + .seconds(10))
        XCTAssertEqual(alerts.describe(at: t0 + .seconds(10) + .seconds(42)), "“build done” 42 s ago")
        XCTAssertEqual(HostAlerts.age(.seconds(7300)), "2 h ago")
        alerts.clearMark()
        XCTAssertNil(alerts.describe(at: t0))
    }

    func testANotificationSummaryIsSanitisedAndShort() {
        let hostile = RemoteNotification(title: "x\u{1B}[2J", body: "\u{202E}evil\u{07}")
        XCTAssertEqual(HostAlerts.summary(of: hostile), "x[2J: evil")
        let long = RemoteNotification(title: "", body: String(repeating: "w", count: 100))
        XCTAssertEqual(HostAlerts.summary(of: long).count, 40)
    }
}
