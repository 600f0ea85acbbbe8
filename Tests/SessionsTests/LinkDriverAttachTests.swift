import Foundation
import XCTest
import Loop
import VT
@testable import SSH
@testable import Sessions
import TestSupport

/// A driver holds one connection at a time: attaching another drops the one before (its socket
/// watch, timers and session), so nothing of it outlives its replacement. While the host
/// floods, the driver's reading keeps one next turn waiting at a time.
final class LinkDriverAttachTests: XCTestCase {
    private var sshd: TestSSHD!
    private var endpoint: SSHEndpoint!
    private var key: SSHPrivateKey!

    override func setUpWithError() throws {
        sshd = try TestSSHD()
        let keyPath = sshd.directory.file("client_ed25519")
        try Shell.run("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-C", "drover-test-client", "-f", keyPath])
        try sshd.authorize(String(contentsOfFile: keyPath + ".pub", encoding: .utf8))
        key = SSHPrivateKey(privateKeyText: try String(contentsOfFile: keyPath, encoding: .utf8),
                            publicKeyLine: try String(contentsOfFile: keyPath + ".pub", encoding: .utf8),
                            label: "device key")
        endpoint = SSHEndpoint(host: sshd.listenAddress, port: sshd.port, user: TestSSHD.currentUser)
    }

    override func tearDown() {
        sshd?.tearDown()
    }

    private func connection(running command: String) throws -> RemoteConnection {
        let session = try SSHSession.open(to: endpoint, verifyHostKey: { _ in },
                                          credentials: SSHCredentials(privateKeys: [key]))
        return RemoteConnection(session: session, channel: try session.exec(command, pty: SSHPTYRequest()))
    }

    private func driver(on loop: EventLoop, command: String) throws -> LinkDriver {
        try LinkDriver(index: 0, target: AttachTarget(displayName: "test", endpoint: endpoint, command: command, host: nil),
                       terminal: Terminal(columns: 80, rows: 24), inFront: true, loop: loop, keepaliveInterval: 15)
    }

    func testAttachingAgainDropsTheConnectionBefore() throws {
        let loop = try EventLoop()
        let driver = try driver(on: loop, command: "cat")
        defer { driver.shutDown() }
        let first = try connection(running: "cat"), second = try connection(running: "cat")
        let generation = driver.beginConnect()
        driver.attach(first, generation: generation)
        driver.attach(second, generation: generation)
        XCTAssertTrue(driver.connection === second)
        // The replaced connection's close and goodbye go on in later loop turns (or are done at
        // once when the server's answers were already in).
        XCTAssertLessThanOrEqual(driver.closer.count, 1, "only the replaced connection is being closed")
        while driver.closer.count > 0 { try loop.runOnce() }
        XCTAssertEqual(first.session.state, .closed, "the replaced connection is disconnected")
        XCTAssertNotEqual(second.session.state, .closed)
    }

    /// A pump that stops with more to read schedules its next turn; the socket's own pumps
    /// meanwhile must not schedule more. They piled up once, one per loop turn, and ran back to
    /// back ahead of the frame that was due (8 frames/s in the unicode flood benchmark).
    func testAFloodKeepsOneNextTurnWaiting() throws {
        let loop = try EventLoop()
        let command = "yes 'a long enough line of flood output to fill the channel window quickly'"
        let driver = try driver(on: loop, command: command)
        defer { driver.shutDown() }
        let generation = driver.beginConnect()
        driver.attach(try connection(running: command), generation: generation)
        let before = loop.scheduledTimerCount   // the keepalive, and nothing of the pump's yet
        driver.startDelivering()
        var most = 0
        for _ in 0..<200 {
            // A lost link leaves nothing to wake the loop: stop rather than wait for ever.
            guard driver.connection != nil else { return XCTFail("the link was lost during the flood") }
            try loop.runOnce()
            most = max(most, loop.scheduledTimerCount)
        }
        XCTAssertGreaterThan(driver.terminal.scrollback.count, 100, "the flood was read")
        XCTAssertLessThanOrEqual(most, before + 1, "pump turns piled up while the host flooded")
        // A turn still waiting belongs to the connection it read: attaching another drops it.
        for _ in 0..<50 where !driver.pumpAgainTimer.isPending && driver.connection != nil { try loop.runOnce() }
        XCTAssertTrue(driver.pumpAgainTimer.isPending, "the flood left no turn waiting")
        let waiting = loop.scheduledTimerCount
        driver.attach(try connection(running: "cat"), generation: generation)
        XCTAssertFalse(driver.pumpAgainTimer.isPending)
        // The dropped connection's closer keeps one time limit of its own while it closes.
        XCTAssertEqual(loop.scheduledTimerCount, waiting - 1 + driver.closer.count,
                       "the waiting turn was cancelled, not just forgotten")
    }

    /// A window change the socket took only in part (the host's sshd stopped, the socket full)
    /// goes out once the socket drains, on a host that sends nothing back to wake the driver:
    /// while a size is due, the socket watch asks for writable.
    func testAWindowChangeSentInPartGoesOutOnceTheSocketDrains() throws {
        let loop = try EventLoop()
        let sizes = sshd.directory.file("sizes")
        // Quiet: the shell writes the terminal's size to a file every 0.2 s, nothing to the
        // channel (a WINCH trap missed the last size when its signals came together).
        let command = "while :; do stty size > \(sizes).new && mv \(sizes).new \(sizes); sleep 0.2; done"
        let driver = try LinkDriver(index: 0, target: AttachTarget(displayName: "test", endpoint: endpoint, command: command, host: nil),
                                    terminal: Terminal(columns: 80, rows: 24), inFront: true, loop: loop,
                                    keepaliveInterval: 3600)
        defer { driver.shutDown() }
        let generation = driver.beginConnect()
        driver.attach(try connection(running: command), generation: generation)
        driver.startDelivering()

        var paused = try sshd.pauseConnections()
        defer { TestSSHD.resume(paused) }
        // Every size differs, so the file shows the last one only once that one arrived.
        var size = (columns: 0, rows: 0)
        for call in 0..<2_000_000 where driver.stream.sizeDue == nil {
            size = (columns: 10 + call % 10_000, rows: 10 + call / 10_000)
            driver.resizeRemote(columns: size.columns, rows: size.rows)
        }
        XCTAssertTrue(driver.stream.sizeDue.map { $0 == size } ?? false, "the socket filled: the last size went out in part")
        TestSSHD.resume(paused)
        paused = []

        // The file is another process's: no event says it changed, so the loop is woken to look.
        func arrived() -> String? {
            (try? String(contentsOfFile: sizes, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let deadline = ContinuousClock.now + .seconds(60)
        let expected = "\(size.rows) \(size.columns)"
        while arrived() != expected && ContinuousClock.now < deadline {
            _ = loop.schedule(after: .milliseconds(50)) {}
            try loop.runOnce()
        }
        XCTAssertEqual(arrived(), expected, "the last size reached the remote terminal")
        XCTAssertNil(driver.stream.sizeDue)
    }
}
