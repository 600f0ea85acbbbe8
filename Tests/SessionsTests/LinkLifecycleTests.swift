import XCTest
@testable import Sessions

final class LinkLifecycleTests: XCTestCase {
    let t0 = ContinuousClock.now

    func testHappyPathReachesAttachedThenEnded() {
        var s = LinkLifecycle(host: "mac")
        let g = s.beginConnect(address: "100.64.0.1")
        XCTAssertTrue(s.handle(.handshakeDone, generation: g))
        XCTAssertEqual(s.state, .authenticating)
        XCTAssertTrue(s.handle(.attached, generation: g))
        XCTAssertNil(s.state.statusLine(host: "mac"))
        XCTAssertTrue(s.handle(.remoteEnded, generation: g))
        XCTAssertEqual(s.state.statusLine(host: "mac"), "mac: session ended")
    }

    func testStaleGenerationChangesNothingAndCannotPrompt() {
        var s = LinkLifecycle(host: "mac")
        let old = s.beginConnect(address: "a")
        let new = s.beginConnect(address: "b")
        XCTAssertFalse(s.handle(.trustNeeded(fingerprint: "SHA256:x"), generation: old))
        XCTAssertEqual(s.state, .connecting(address: "b"))
        XCTAssertTrue(s.handle(.trustNeeded(fingerprint: "SHA256:x"), generation: new))
        XCTAssertFalse(s.mayPrompt(generation: old))
        XCTAssertTrue(s.mayPrompt(generation: new))
    }

    func testOnlyYesTrustsAndRefusalFails() {
        var s = LinkLifecycle(host: "mac")
        let g = s.beginConnect(address: "a")
        s.handle(.trustNeeded(fingerprint: "SHA256:x"), generation: g)
        s.handle(.trustAnswered(false), generation: g)
        guard case .failed(let reason) = s.state else { return XCTFail("\(s.state)") }
        XCTAssertTrue(reason.contains("not trusted"))
    }

    func testDroppingTheConnectionAnswersTheTrustPromptWithNo() {
        var s = LinkLifecycle(host: "mac")
        let g = s.beginConnect(address: "a")
        s.handle(.trustNeeded(fingerprint: "SHA256:x"), generation: g)
        s.handle(.lost(reason: "reset", recoverable: true), generation: g)
        guard case .failed = s.state else { return XCTFail("\(s.state)") }
        XCTAssertFalse(s.mayPrompt(generation: g))
    }

    func testLostLinkSchedulesBackoffAndAttachResetsIt() {
        var s = LinkLifecycle(host: "mac", policy: ReconnectPolicy(initialDelay: .seconds(1), maximumDelay: .seconds(4)))
        var g = s.beginConnect(address: "a")
        s.handle(.attached, generation: g)
        s.handle(.lost(reason: "keepalive timeout", recoverable: true), generation: g, now: t0)
        XCTAssertEqual(s.nextAttempt, t0 + .seconds(1))
        XCTAssertEqual(s.state.statusLine(host: "mac", now: t0),
                       "mac: connection lost; reconnecting in 1s (attempt 1; ctrl+] r: now): keepalive timeout")
        g = s.beginConnect(address: "a")
        s.handle(.lost(reason: "refused", recoverable: true), generation: g, now: t0)
        XCTAssertEqual(s.nextAttempt, t0 + .seconds(2))
        g = s.beginConnect(address: "a")
        s.handle(.attached, generation: g)
        s.handle(.lost(reason: "reset", recoverable: true), generation: g, now: t0)
        XCTAssertEqual(s.nextAttempt, t0 + .seconds(1), "a successful attach resets the backoff")
    }

    func testUnrecoverableFailureDoesNotRetry() {
        var s = LinkLifecycle(host: "mac")
        let g = s.beginConnect(address: "a")
        s.handle(.lost(reason: "host key changed", recoverable: false), generation: g)
        XCTAssertEqual(s.state, .failed(reason: "host key changed"))
        XCTAssertNil(s.nextAttempt)
    }

    func testHiddenHostDoesNotReconnectByItself() {
        var s = LinkLifecycle(host: "mac", inFront: false)
        let g = s.beginConnect(address: "a")
        s.handle(.attached, generation: g)
        s.handle(.lost(reason: "reset", recoverable: true), generation: g, now: t0)
        XCTAssertNil(s.nextAttempt)
        s.inFront = true
        XCTAssertNotNil(s.nextAttempt)
    }

    /// Reconnecting never gives up while attached: attempt 1000 is still scheduled, 30 s out.
    func testReconnectingNeverGivesUpAndWaitsAtMostThirtySeconds() {
        var s = LinkLifecycle(host: "mac")
        var g = s.beginConnect(address: "a")
        s.handle(.attached, generation: g)
        for _ in 1...1000 {
            s.handle(.lost(reason: "refused", recoverable: true), generation: g, now: t0)
            guard case .reconnecting = s.state else { return XCTFail("gave up: \(s.state)") }
            g = s.beginConnect(address: "a")
        }
        s.handle(.lost(reason: "refused", recoverable: true), generation: g, now: t0)
        XCTAssertEqual(s.nextAttempt, t0 + .seconds(30))
        XCTAssertTrue(s.statusLine(now: t0)?.contains("(attempt 1001; ctrl+] r: now)") ?? false, "\(s.state)")
    }

    func testPolicyDelaysDoubleUpToTheCapForever() {
        let p = ReconnectPolicy()
        XCTAssertEqual([1, 2, 3, 4, 5, 6, 7, 20, 1_000_000].map { p.delay(beforeAttempt: $0) },
                       [1, 2, 4, 8, 16, 30, 30, 30, 30].map { Duration.seconds($0) })
    }

    /// The countdown is on the same clock as the timer that ends it, rounded up to whole
    /// seconds, and says "now" once the time has come.
    func testTheReconnectCountdownRoundsUpAndEndsAtNow() {
        func line(_ wait: Duration) -> String? {
            ConnectionState.reconnecting(attempt: 2, nextTry: t0 + wait, reason: "reset").statusLine(host: "mac", now: t0)
        }
        XCTAssertEqual(line(.milliseconds(200)), "mac: connection lost; reconnecting in 1s (attempt 2; ctrl+] r: now): reset")
        XCTAssertEqual(line(.milliseconds(1500)), "mac: connection lost; reconnecting in 2s (attempt 2; ctrl+] r: now): reset")
        XCTAssertEqual(line(.seconds(3)), "mac: connection lost; reconnecting in 3s (attempt 2; ctrl+] r: now): reset")
        XCTAssertEqual(line(.zero), "mac: connection lost; reconnecting now (attempt 2; ctrl+] r: now): reset")
        XCTAssertEqual(line(.milliseconds(-1500)), "mac: connection lost; reconnecting now (attempt 2; ctrl+] r: now): reset")
    }
}
