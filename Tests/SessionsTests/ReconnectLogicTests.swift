import XCTest
import Loop
import SSH
import VT
@testable import Sessions

/// The attach logic without sshd (issue 25): real `LinkDriver`s on a real `EventLoop`, each
/// over a `FakeLinkConnection`, with a stand-in for the run that does what `AttachRun` does
/// when a driver reports (a loss schedules the reconnect; a host switch is `moveBehind` and
/// `moveToFront`, then the reconnect of the shown host). Reconnect with queued keys, switching
/// with replies pending, paste during reconnect.
final class ReconnectLogicTests: XCTestCase {
    private struct Reset: Error {}

    /// What `AttachRun` does with a driver's reports, reduced to counting them.
    private final class Run: LinkDriverDelegate {
        var lost: [Bool] = []
        /// `keptItsKeys` of each loss.
        var kept: [Bool] = []
        var reconnectsDue = 0
        func driver(_ driver: LinkDriver, received output: UnsafeRawBufferPointer) {}
        func driverStatusChanged(_ driver: LinkDriver) {}
        func driverAlerted(_ driver: LinkDriver) {}
        func driverFellSilent(_ driver: LinkDriver) {}
        func driverLost(_ driver: LinkDriver, wasAttached: Bool, keptItsKeys: Bool) {
            lost.append(wasAttached)
            kept.append(keptItsKeys)
            if case .reconnecting = driver.lifecycle.state { driver.scheduleReconnect() }
        }
        func driver(_ driver: LinkDriver, ended exit: SSHExit?) {}
        func driver(_ driver: LinkDriver, notes text: String) {}
        func driverReconnectDue(_ driver: LinkDriver) { reconnectsDue += 1 }
        var isEnding: Bool { false }
    }

    private var loop: EventLoop!
    private let run = Run()

    override func setUpWithError() throws {
        loop = try EventLoop()
    }

    private func driver(inFront: Bool) throws -> LinkDriver {
        let driver = try LinkDriver(index: 0, target: AttachTarget(displayName: "pi", endpoint: SSHEndpoint(host: "pi", port: 22, user: "me"),
                                                                     command: "herdr", host: nil),
                                    terminal: Terminal(columns: 20, rows: 5), inFront: inFront, loop: loop, keepaliveInterval: 15)
        driver.delegate = run
        return driver
    }

    /// A connect attempt that reaches the remote command, as `AttachRun` hands it over.
    @discardableResult
    private func connect(_ driver: LinkDriver) -> FakeLinkConnection {
        let connection = FakeLinkConnection()
        driver.attach(connection, generation: driver.beginConnect())
        driver.startDelivering()
        return connection
    }

    /// Runs loop turns until `done` holds; fails after `turns` turns (counted, not timed).
    private func turn(until done: () -> Bool, turns: Int = 50, _ what: String) throws {
        for _ in 0..<turns where !done() { try loop.runOnce() }
        XCTAssertTrue(done(), what)
    }

    /// The link drops under the driver: the host asks for the cursor, and the answer's write fails.
    private func drop(_ connection: FakeLinkConnection) throws {
        let losses = run.lost.count
        connection.link.writeFailure = Reset()
        connection.hostSays("\u{1B}[6n")
        try turn(until: { run.lost.count > losses }, "the drop is noticed on the loop")
    }

    func testReconnectWithQueuedKeys() throws {
        let host = try driver(inFront: true)
        defer { host.shutDown() }
        let first = connect(host)
        XCTAssertEqual(host.type(Array("ls\r".utf8)), .channel)
        XCTAssertEqual(first.received, "ls\r")
        host.stream.proven(through: host.stream.keyBytesWritten)   // a probe after it was answered (ADR 0031)
        try drop(first)
        XCTAssertEqual(run.lost, [true])
        XCTAssertNil(host.connection)
        XCTAssertTrue(first.closed, "the dropped connection went to the closer")
        XCTAssertTrue(host.reconnectTimer.isPending, "the host in front reconnects by itself")
        XCTAssertEqual(host.type(Array("pwd\r".utf8)), .kept, "queued while the link is away")
        try turn(until: { run.reconnectsDue == 1 }, "the backoff timer asks for the next attempt")
        // That attempt fails before attaching: the next one waits longer.
        let failed = host.beginConnect()
        host.lose("connection refused", recoverable: true, generation: failed)
        XCTAssertEqual(run.lost, [true, true])
        guard case .reconnecting(let attempt, _, _) = host.lifecycle.state else { return XCTFail("\(host.lifecycle.state)") }
        XCTAssertEqual(attempt, 2, "a failed attempt backs off")
        XCTAssertEqual(host.type(Array("id\r".utf8)), .kept)
        XCTAssertEqual(host.stream.statusNote, "7 typed bytes wait to be sent (ctrl+] x discards)", "kept across attempts")
        let last = connect(host)
        XCTAssertFalse(host.reconnectTimer.isPending, "the new attempt ended the backoff")
        XCTAssertEqual(last.received, "", "nothing before the new session draws")
        XCTAssertTrue(host.deliveryTimer.isPending, "or until it stays quiet")
        last.hostSays("\u{1B}[6n$ ")
        try turn(until: { !last.received.isEmpty }, "the session drew")
        XCTAssertEqual(last.received, "pwd\rid\r\u{1B}[1;1R", "the queued keys first, in order, then the answer")
        XCTAssertFalse(host.deliveryTimer.isPending)
        XCTAssertEqual(first.received, "ls\r")
    }

    /// A connection lost before its session drew still had kept keys to send: the run hears
    /// `keptItsKeys` (and reconnects at once). The sshd fence is due only after a loss with keys
    /// the channel took without proof, and a connection that attached ran it (ADR 0031).
    func testALinkLostBeforeItsSessionDrewReportsItsKeptKeys() throws {
        let host = try driver(inFront: true)
        defer { host.shutDown() }
        let first = connect(host)
        XCTAssertFalse(host.fenceRequest(generation: 1).stopsRecorded)
        XCTAssertEqual(host.type(Array("ls\r".utf8)), .channel)
        XCTAssertEqual(first.received, "ls\r")
        host.lose("no answer", recoverable: true, generation: host.lifecycle.generation)
        XCTAssertEqual(run.kept, [true])
        XCTAssertTrue(first.closed, "reset")
        XCTAssertTrue(host.fenceRequest(generation: 1).stopsRecorded, "unproven keys: the next line kills the lost link's sshd")
        let second = connect(host)
        XCTAssertFalse(host.fenceRequest(generation: 1).stopsRecorded, "the attached connection's line ran the fence")
        XCTAssertEqual(second.received, "", "kept until the session draws")
        host.lose("no answer", recoverable: true, generation: host.lifecycle.generation)
        XCTAssertEqual(run.kept, [true, true], "the kept keys it had not sent yet count")
        XCTAssertFalse(host.fenceRequest(generation: 1).stopsRecorded, "nothing was written into it: no fence due")
        XCTAssertEqual(host.stream.statusNote, "3 typed bytes wait to be sent (ctrl+] x discards)")
        let failed = host.beginConnect()
        host.lose("connection refused", recoverable: true, generation: failed)
        XCTAssertEqual(run.kept, [true, true, false], "an attempt that never attached had no keys of its own")
    }

    /// A probe's answer stops the dead-link clock even when its bytes woke no socket watch
    /// (libssh2 took them off the socket during another call): a host whose program does not
    /// echo is not declared dead 4 s after the key (issue 30's "busy host merely slow").
    func testAProbeAnsweredWithoutASocketEventStopsTheClock() throws {
        let host = try driver(inFront: true)
        defer { host.shutDown() }
        let link = connect(host)
        link.probeSteps = [.waiting, .answered]
        XCTAssertEqual(host.type(Array("abc".utf8)), .channel)
        XCTAssertNotNil(host.receipt.firstUnanswered, "the key started the clock")
        try turn(until: { !host.stream.hasUnprovenKeys }, "the probe went and its answer was found")
        XCTAssertNil(host.receipt.firstUnanswered, "the answer was heard")
        var watch = host.receipt
        XCTAssertEqual(watch.check(at: .now + .seconds(10)), .answered, "nothing left to declare the link dead")
        XCTAssertEqual(run.lost, [], "never lost")
    }

    /// Output libssh2 already took off the socket is read with no socket event, and the socket
    /// can stay silent for seconds (the host may send no more until the window grows) while a
    /// busy machine feeds a flood's window to the screen: reading it is hearing the host, or the
    /// keepalive's clock declared a link dead that was delivering all along (a stopped terminal's
    /// test, under two CPU hogs, lost both its links this way and ran their commands again).
    func testOutputReadWithoutASocketEventStopsTheKeepaliveClock() throws {
        let host = try driver(inFront: true)
        defer { host.shutDown() }
        let link = connect(host)
        try turn(until: { !host.pumpAgainTimer.isPending }, "the first read after attaching")
        // The socket was last heard longer ago than the link may stay silent.
        host.keepalive = KeepaliveWatch(now: .now - host.deadSilence - .seconds(1))
        link.link.incoming.append(Array("held by libssh2\r\n".utf8))   // no byte on the socket
        host.pumpNextTurn()
        try turn(until: { link.link.incoming.isEmpty }, "the held output is read")
        var watch = host.keepalive
        XCTAssertEqual(watch.tick(at: .now, deadAfter: host.deadSilence), .answering, "reading it was hearing the host")
    }

    func testSwitchingWithRepliesPending() throws {
        let one = try driver(inFront: true), two = try driver(inFront: false)
        defer { one.shutDown(); two.shutDown() }
        let oneFirst = connect(one), twoLink = connect(two)
        oneFirst.link.room = 0   // host one's channel is full: its answer waits
        oneFirst.hostSays("\u{1B}[6n")
        try turn(until: { one.stream.waitsForChannel }, "host one's answer waits for its channel")
        // The person switches to host two (`AttachRun.bringForward`).
        one.moveBehind()
        two.moveToFront(columns: 20, rows: 5)
        XCTAssertEqual(two.type(Array("k".utf8)), .channel)
        // Host one's link drops while it is hidden: the answer's next try fails.
        oneFirst.link.writeFailure = Reset()
        try turn(until: { !run.lost.isEmpty }, "host one's drop is noticed on the loop")
        XCTAssertEqual(run.lost, [true])
        XCTAssertFalse(one.reconnectTimer.isPending, "a hidden host does not reconnect by itself")
        XCTAssertFalse(one.stream.waitsForChannel, "its answer went with its connection")
        XCTAssertEqual(twoLink.received, "k", "no answer of host one reached the host in front")
        // Back to host one: it reconnects now, and its new session gets no stale answer.
        two.moveBehind()
        one.moveToFront(columns: 20, rows: 5)
        XCTAssertTrue(one.scheduleReconnect(), "brought forward, it reconnects")
        let oneLater = connect(one)
        oneLater.hostSays("$ ")
        try turn(until: { oneLater.link.incoming.isEmpty }, "host one's new session is read")
        XCTAssertEqual(oneLater.received, "")
        XCTAssertEqual(oneFirst.received, "")
    }

    func testPasteDuringReconnect() throws {
        let host = try driver(inFront: true)
        defer { host.shutDown() }
        let first = connect(host)
        try drop(first)
        XCTAssertEqual(run.lost, [true])
        // A picture cannot be uploaded while the link is away (the run then pastes nothing and says so).
        XCTAssertFalse(host.startUpload([], progress: { _, _ in }, done: { _ in }))
        // A paste of text is kept for the next session; keys typed meanwhile wait behind it.
        host.holdForPaste()
        XCTAssertEqual(host.type(Array(" -l\r".utf8)), .heldBehindPaste)
        XCTAssertEqual(host.endPaste("/up/p.png"), 0)
        XCTAssertTrue(host.stream.hasKeptKeys, "paste and keys are kept for the next session")
        XCTAssertEqual(host.type(Array("x".utf8)), .kept, "behind them")
        let second = connect(host)
        second.hostSays("$ ")
        try turn(until: { !second.received.isEmpty }, "the kept paste goes once the session drew")
        XCTAssertEqual(second.received, "/up/p.png -l\rx", "the paste, the keys held behind it, then later keys")
        XCTAssertEqual(first.received, "")
    }

    /// One read of the channel per loop turn: the first read after attaching waits for the
    /// next turn, where the socket's own event finds it asked for and does not read again.
    func testAttachingReadsTheChannelOncePerTurn() throws {
        let host = try driver(inFront: true)
        defer { host.shutDown() }
        let connection = FakeLinkConnection()
        connection.hostSays("$ ")   // output is already waiting when the run attaches
        host.attach(connection, generation: host.beginConnect())
        host.startDelivering()
        XCTAssertEqual(connection.reads, 0, "not read while attaching")
        XCTAssertTrue(host.pumpAgainTimer.isPending)
        try loop.runOnce()
        XCTAssertEqual(connection.reads, 1, "the socket's event and the asked-for turn read once together")
        XCTAssertTrue(connection.link.incoming.isEmpty, "and that read took the output")
    }
}
