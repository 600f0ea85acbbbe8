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
    private var master: Int32 = -1
    private var slave: Int32 = -1

    override func setUpWithError() throws {
        var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&master, &slave, nil, nil, &size) == 0 else { throw XCTSkip("no pseudo-terminal here") }
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
    }

    override func tearDown() {
        _ = LibC.close(master)
        _ = LibC.close(slave)
    }

    /// Takes what the run drew, so its terminal never fills up.
    private func drain() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while read(master, &buffer, buffer.count) > 0 {}
    }

    private func target(_ name: String) -> AttachTarget {
        AttachTarget(displayName: name, endpoint: SSHEndpoint(host: name, port: 22, user: "me"), command: "herdr", host: nil)
    }

    func testAHiddenHostWaitsAndReconnectsOnceBroughtForward() throws {
        let console = try ConsoleSession(input: slave, output: slave)
        defer { drain(); console.restore() }
        let run = try AttachRun(targets: [target("one"), target("two")], console: console,
                                root: DroverRoot(path: NSTemporaryDirectory() + "drover-switching-\(getpid())"),
                                environment: ["TERM": "xterm-256color"], options: SSHOptions(), keepaliveInterval: 15)
        defer { run.close() }
        let one = run.drivers[0], two = run.drivers[1]
        let oneLink = FakeLinkConnection(), twoLink = FakeLinkConnection()
        for (driver, link) in [(one, oneLink), (two, twoLink)] {
            driver.attach(link, generation: driver.beginConnect())
            driver.startDelivering()
        }
        func turn(until done: () -> Bool, _ what: String) throws {
            for _ in 0..<50 where !done() {
                try run.loop.runOnce()
                drain()
            }
            XCTAssertTrue(done(), what)
        }
        // Host one asks for the cursor while its channel is full: its answer waits.
        oneLink.link.room = 0
        oneLink.hostSays("\u{1B}[6n")
        try turn(until: { one.stream.waitsForChannel }, "host one's answer waits for its channel")
        run.bringForward(try XCTUnwrap(run.ring.select(1)))
        XCTAssertTrue(run.front === two)
        XCTAssertEqual(two.type(Array("k".utf8)), .channel)
        // Host one's link drops while it is hidden: it does not reconnect by itself.
        oneLink.link.writeFailure = Reset()
        try turn(until: { if case .reconnecting = one.lifecycle.state { true } else { false } }, "host one's drop is noticed")
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
