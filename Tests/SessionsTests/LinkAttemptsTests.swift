import XCTest
import Files
import Hosts
@testable import Sessions

/// A link's retry decisions without sshd: what a loss before and after the first attach does,
/// the one retry after trusting a new key, stale attempts, and the backoff.
final class LinkAttemptsTests: XCTestCase {
    private let start = ContinuousClock.now

    /// A host in front whose attempt reached the remote command.
    private func attachedLink() -> (LinkAttempts, UInt64) {
        var link = LinkAttempts(host: "pi", inFront: true)
        let generation = link.begin(address: "pi:22")
        link.attached(generation: generation)
        return (link, generation)
    }

    private func lose(_ link: inout LinkAttempts, generation: UInt64, recoverable: Bool = true, at now: ContinuousClock.Instant) {
        let retry = link.retriesLoss(recoverable: recoverable)
        link.handle(.lost(reason: "reset", recoverable: retry), generation: generation, now: now)
    }

    func testALossBeforeTheFirstAttachIsNotRetried() {
        var link = LinkAttempts(host: "pi", inFront: true)
        let generation = link.begin(address: "pi:22")
        XCTAssertFalse(link.retriesLoss(recoverable: true), "like ssh")
        lose(&link, generation: generation, at: start)
        XCTAssertEqual(link.lifecycle.state, .failed(reason: "reset"))
        XCTAssertNil(link.lifecycle.nextAttempt)
    }

    func testALossRightAfterTrustingANewKeyIsRetriedOnce() {
        var link = LinkAttempts(host: "pi", inFront: true)
        var generation = link.begin(address: "pi:22")
        link.handle(.trustNeeded(fingerprint: "SHA256:x"), generation: generation)
        link.trustAnswered(true, generation: generation)
        lose(&link, generation: generation, at: start)
        XCTAssertEqual(link.lifecycle.nextAttempt, start + .seconds(1), "the server gave up waiting for the answer")
        generation = link.begin(address: "pi:22")
        XCTAssertFalse(link.retriesLoss(recoverable: true), "only once")
    }

    func testLossesAfterAttachingBackOffAndAnAttachResetsTheBackoff() {
        var (link, generation) = attachedLink()
        XCTAssertTrue(link.attachedOnce)
        lose(&link, generation: generation, at: start)
        XCTAssertEqual(link.lifecycle.nextAttempt, start + .seconds(1))
        generation = link.begin(address: "pi:22")
        lose(&link, generation: generation, at: start)
        XCTAssertEqual(link.lifecycle.nextAttempt, start + .seconds(2), "doubled")
        lose(&link, generation: generation - 1, at: start)
        XCTAssertEqual(link.lifecycle.nextAttempt, start + .seconds(2), "a stale attempt's loss changes nothing")
        generation = link.begin(address: "pi:22")
        link.attached(generation: generation)
        lose(&link, generation: generation, at: start)
        XCTAssertEqual(link.lifecycle.nextAttempt, start + .seconds(1), "back to the first delay")
        XCTAssertFalse(link.retriesLoss(recoverable: false), "a permanent failure is never retried")
    }

    func testAHiddenHostWaitsToBeSwitchedToAndThenReconnects() {
        var (link, generation) = attachedLink()
        link.inFront = false
        lose(&link, generation: generation, at: start)
        XCTAssertNil(link.lifecycle.nextAttempt, "hidden hosts do not reconnect by themselves")
        XCTAssertEqual(link.lifecycle.summary, "waiting (link lost)")
        link.inFront = true
        XCTAssertEqual(link.lifecycle.nextAttempt, start + .seconds(1))
    }

    /// ADR 0032: a failed attach re-probes the Windows shell only when its line came from the
    /// remembered shell and herdr's screen never came up; once a run, cleared by the next attach.
    func testOnlyARememberedShellsLineThatFailsBeforeDrawingIsReprobedOnce() {
        var link = LinkAttempts(host: "w", inFront: true)
        var generation = link.begin(address: "w:22")
        link.attached(generation: generation, lineFromRememberedShell: false)
        XCTAssertFalse(link.rechecksShell(afterFailure: true), "a line probed on that connection, or set by the person")

        generation = link.begin(address: "w:22")
        link.attached(generation: generation, lineFromRememberedShell: true)
        link.drew()
        XCTAssertFalse(link.rechecksShell(afterFailure: true), "herdr was up (hours attached): its own failure")

        generation = link.begin(address: "w:22")
        link.attached(generation: generation, lineFromRememberedShell: true)
        XCTAssertFalse(link.rechecksShell(afterFailure: false), "a clean end, or a signal")
        XCTAssertTrue(link.rechecksShell(afterFailure: true))
        XCTAssertTrue(link.recheckWindowsShell)

        generation = link.begin(address: "w:22")
        link.attached(generation: generation, lineFromRememberedShell: false)
        XCTAssertFalse(link.recheckWindowsShell, "the re-probed connection attached: later connects use the registry")
        generation = link.begin(address: "w:22")
        link.attached(generation: generation, lineFromRememberedShell: true)
        XCTAssertFalse(link.rechecksShell(afterFailure: true), "once a run")
    }

    /// ADR 0031: each attempt's fence carries its own generation, and the record is named by
    /// the host's endpoint too, so two hosts sharing a home (NFS) in one run never share one.
    func testTheFenceCarriesTheAttemptAndNamesTheHost() {
        var link = LinkAttempts(host: "pi", inFront: true)
        let first = link.begin(address: "pi:22")
        let second = link.begin(address: "pi:22")
        XCTAssertEqual(link.fenceRequest(generation: first).generation, first)
        XCTAssertEqual(link.fenceRequest(generation: second).generation, second)
        XCTAssertEqual(link.fenceRequest(generation: first).token, link.fenceRequest(generation: second).token)
        let root = DroverRoot(path: "/nonexistent-root")
        func name(_ host: String, user: String = "me", port: Int = 22, session: String? = "w") -> String {
            let entry = HostEntry(name: "h", hostname: host, port: port, user: user, session: session)
            return LinkFence.Request.recordName(for: AttachTarget(host: entry), root: root)
        }
        XCTAssertEqual(name("a.example"), name("a.example"))
        XCTAssertEqual(Set([name("a.example"), name("b.example"), name("a.example", user: "you"),
                            name("a.example", port: 2222), name("a.example", session: nil)]).count, 5)
    }
}
