import XCTest
import VT
@testable import Console
@testable import Sessions

/// The attach logic through the fake transport, without sshd (issue 25): a host's retry
/// decisions (`LinkAttempts`) and its byte path (`HostStream`) together, as its `LinkDriver`
/// runs them: reconnect with queued keys, switching with replies pending, paste during
/// reconnect.
final class ReconnectLogicTests: XCTestCase {
    typealias FakeTransport = HostStreamTests.FakeTransport
    private let start = ContinuousClock.now

    /// One host as its driver holds it: attempts and stream.
    private final class Host {
        var attempts: LinkAttempts
        let stream = HostStream(screen: HostScreen(terminal: Terminal(columns: 20, rows: 5)))
        var generation: UInt64 = 0

        init(inFront: Bool) { attempts = LinkAttempts(host: "pi", inFront: inFront) }

        /// An attempt that reaches the remote command over `link`.
        func attach(_ link: FakeTransport) {
            generation = attempts.begin(address: "pi:22")
            attempts.attached(generation: generation)
            stream.open(link)
        }

        /// An attempt that fails before attaching.
        func failAttempt(at now: ContinuousClock.Instant) {
            generation = attempts.begin(address: "pi:22")
            lose(at: now)
        }

        /// The link drops, as `LinkDriver.lose` orders it: decide, close, then report.
        func lose(at now: ContinuousClock.Instant) {
            let retry = attempts.retriesLoss(recoverable: true)
            stream.close()
            attempts.handle(.lost(reason: "reset", recoverable: retry), generation: generation, now: now)
        }

        func type(_ text: String) throws -> HostOutbox.Route {
            let route = stream.type(Array(text.utf8))
            try stream.flush()
            return route
        }

        func output(_ text: String, on link: FakeTransport) throws {
            link.incoming.append(Array(text.utf8))
            _ = try stream.read(limit: 16 * 1024) { _ in }
        }
    }

    func testReconnectWithQueuedKeys() throws {
        let host = Host(inFront: true)
        let first = FakeTransport(), last = FakeTransport()
        host.attach(first)
        XCTAssertEqual(try host.type("ls\r"), .channel)
        host.stream.proven(through: host.stream.keyBytesWritten)   // a probe after it was answered (ADR 0031)
        host.lose(at: start)
        XCTAssertEqual(host.attempts.lifecycle.nextAttempt, start + .seconds(1))
        XCTAssertEqual(try host.type("pwd\r"), .kept, "queued while the link is away")
        host.failAttempt(at: start)
        XCTAssertEqual(host.attempts.lifecycle.nextAttempt, start + .seconds(2), "a failed attempt backs off")
        XCTAssertEqual(try host.type("id\r"), .kept)
        XCTAssertEqual(host.stream.statusNote, "7 typed bytes wait to be sent (ctrl+] x discards)", "kept across attempts")
        host.attach(last)
        XCTAssertEqual(last.text, "", "nothing before the new session draws")
        try host.output("\u{1B}[6n$ ", on: last)
        XCTAssertEqual(last.text, "pwd\rid\r\u{1B}[1;1R", "the queued keys first, in order, then the answer")
        XCTAssertEqual(first.text, "ls\r")
        host.lose(at: start)
        XCTAssertEqual(host.attempts.lifecycle.nextAttempt, start + .seconds(1), "the attach reset the backoff")
    }

    func testSwitchingWithRepliesPending() throws {
        let one = Host(inFront: true), two = Host(inFront: false)
        let oneFirst = FakeTransport(), oneLater = FakeTransport(), twoLink = FakeTransport()
        one.attach(oneFirst)
        two.attach(twoLink)
        oneFirst.room = 0   // host one's channel is full: its answer waits
        try one.output("\u{1B}[6n", on: oneFirst)
        XCTAssertTrue(one.stream.waitsForChannel)
        // The person switches to host two; host one's link drops while it is hidden.
        one.attempts.inFront = false
        two.attempts.inFront = true
        XCTAssertEqual(try two.type("k"), .channel)
        one.lose(at: start)
        XCTAssertNil(one.attempts.lifecycle.nextAttempt, "a hidden host does not reconnect by itself")
        XCTAssertFalse(one.stream.waitsForChannel, "its answer went with its connection")
        XCTAssertEqual(twoLink.text, "k", "no answer of host one reached the host in front")
        // Back to host one: it reconnects now, and its new session gets no stale answer.
        one.attempts.inFront = true
        two.attempts.inFront = false
        XCTAssertEqual(one.attempts.lifecycle.nextAttempt, start + .seconds(1))
        one.attach(oneLater)
        try one.output("$ ", on: oneLater)
        XCTAssertEqual(oneLater.text, "")
        XCTAssertEqual(oneFirst.text, "")
    }

    func testPasteDuringReconnect() throws {
        let host = Host(inFront: true)
        let first = FakeTransport(), second = FakeTransport()
        host.attach(first)
        host.lose(at: start)
        // A paste is prepared while the link is away; keys typed meanwhile wait behind it.
        host.stream.holdForPaste()
        XCTAssertEqual(try host.type(" -l\r"), .heldBehindPaste)
        XCTAssertEqual(host.stream.endPaste("/up/p.png"), 0)
        XCTAssertTrue(host.stream.hasKeptKeys, "paste and keys are kept for the next session")
        XCTAssertEqual(try host.type("x"), .kept, "behind them")
        host.attach(second)
        try host.output("$ ", on: second)
        XCTAssertEqual(second.text, "/up/p.png -l\rx", "the paste, the keys held behind it, then later keys")
        XCTAssertEqual(first.text, "")
    }
}
