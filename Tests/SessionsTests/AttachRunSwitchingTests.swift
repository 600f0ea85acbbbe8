import XCTest
import Files
import LibC
import Loop
import SSH
import VT
@testable import Console
@testable import Sessions

/// `AttachRun`'s host switching without sshd (issue 25): a real run on a pseudo-terminal, its
/// drivers over fake connections. A host's answer pending when the person switches away stays
/// its own; a hidden host whose link drops waits, and reconnects once brought forward.
final class AttachRunSwitchingTests: XCTestCase {
    private struct Reset: Error {}
    func testAHiddenHostWaitsAndReconnectsOnceBroughtForward() throws {
        let fixture = try FakeLinkRun(hosts: ["one", "two"])
        defer { fixture.close() }
        let run = fixture.run
        let one = run.drivers[0], two = run.drivers[1]
        let oneLink = fixture.links[0], twoLink = fixture.links[1]
        // Host one asks for the cursor while its channel is full: its answer waits.
        oneLink.link.room = 0
        oneLink.hostSays("\u{1B}[6n")
        try fixture.turn(until: { one.stream.waitsForChannel }, "host one's answer waits for its channel")
        run.bringForward(try XCTUnwrap(run.ring.select(1)))
        XCTAssertTrue(run.front === two)
        XCTAssertEqual(two.type(Array("k".utf8)), .channel)
        // Host one's link drops while it is hidden: it does not reconnect by itself.
        oneLink.link.writeFailure = Reset()
        try fixture.turn(until: { if case .reconnecting = one.lifecycle.state { true } else { false } }, "host one's drop is noticed")
        XCTAssertFalse(one.reconnectTimer.isPending, "a hidden host waits to be brought forward")
        XCTAssertFalse(one.stream.waitsForChannel, "its answer went with its connection")
        XCTAssertEqual(twoLink.received, "k", "no answer of host one reached the host in front")
        // Brought forward, it reconnects; the host now hidden does not.
        run.bringForward(try XCTUnwrap(run.ring.select(0)))
        XCTAssertTrue(run.front === one)
        XCTAssertTrue(one.reconnectTimer.isPending, "brought forward, host one reconnects")
        XCTAssertFalse(two.reconnectTimer.isPending)
        XCTAssertNotNil(two.connection, "host two stays connected behind")
    }
}
