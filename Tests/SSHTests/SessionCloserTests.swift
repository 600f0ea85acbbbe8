import Foundation
import XCTest
import LibC
import Loop
import SSH
import TestSupport

/// Ending a connection never waits for the server (issue 25): `SessionCloser` sends the
/// channel's close and the goodbye when libssh2 can take them and takes the answers in later
/// loop turns; a server that stopped answering (SIGSTOP of its sshd) is cut after the closer's
/// patience, and dropping a session frees it without waiting. Assertions are on what the loop
/// saw (the call came back with the connection still closing, the exit reported later), the
/// descriptor being closed, and the server's log once it runs again.
final class SessionCloserTests: XCTestCase {
    private var fixture: SSHFixture!
    private var paused: [pid_t] = []

    override func setUpWithError() throws { fixture = try SSHFixture() }

    override func tearDown() {
        TestSSHD.resume(paused)
        fixture?.tearDown()
    }

    /// True while `fd` is an open descriptor of this process.
    private func isOpen(_ fd: Int32) -> Bool { fcntl(fd, F_GETFD) != -1 }

    func testClosingOnAStoppedServerReturnsAtOnceAndCutsTheConnectionAfterItsPatience() throws {
        var session: SSHSession? = try fixture.session()
        var channel: SSHChannel? = try session!.exec("cat", pty: SSHPTYRequest())
        let fd = session!.socketDescriptor
        paused = try fixture.sshd.pauseConnections()

        let loop = try EventLoop()
        let closer = SessionCloser(loop: loop, patience: .milliseconds(300))
        var reports: [SSHExit?] = []
        closer.close(session!, channel: channel) { reports.append($0) }
        XCTAssertEqual(closer.count, 1, "the call came back while the server owes its close")
        XCTAssertTrue(reports.isEmpty)
        session = nil
        channel = nil
        XCTAssertTrue(isOpen(fd), "the closer keeps the connection until it is done")

        var turns = 0
        while closer.count > 0 {
            try loop.runOnce()
            turns += 1
        }
        XCTAssertEqual(reports.count, 1, "told once")
        XCTAssertEqual(reports.first.map { $0 == nil }, true, "no exit from a server that said nothing")
        XCTAssertFalse(isOpen(fd), "the socket is closed and the session freed (\(turns) loop turns)")

        // The close and the goodbye were in the socket before it was cut: the server reads them.
        TestSSHD.resume(paused)
        paused = []
        XCTAssertTrue(fixture.sshd.waitForLog(timeout: 15) { $0.contains("closed by drover") }, fixture.sshd.log)
    }

    func testClosingTakesTheServersCloseAndTheExitInALaterTurn() throws {
        let session = try fixture.session()
        let channel = try session.exec("echo bye; exit 3")
        // As attach does: the close begins once the command's output ended.
        while !(try channel.readAvailable()).reachedEOF { try session.waitUntilReady(timeout: 15) }
        let loop = try EventLoop()
        let closer = SessionCloser(loop: loop, patience: .seconds(30))
        var reports: [SSHExit?] = []
        closer.close(session, channel: channel) { reports.append($0) }
        while closer.count > 0 { try loop.runOnce() }
        XCTAssertEqual(reports.count, 1)
        XCTAssertEqual(reports.first??.status, 3, "the exit the server reported")
        XCTAssertTrue(fixture.sshd.waitForLog(timeout: 15) { $0.contains("closed by drover") }, fixture.sshd.log)
    }

    /// Dropping the last reference frees the channel and session without waiting for the server
    /// (the old deinits waited up to 2 s each): timed against dropping one on a live server in
    /// the same run, so a loaded machine slows both alike.
    func testDroppingASessionOnAStoppedServerTakesNoLongerThanOnALiveOne() throws {
        func openAndDrop(pausing: Bool) throws -> (Duration, Int32) {
            var session: SSHSession? = try fixture.session()
            var channel: SSHChannel? = try session!.exec("cat", pty: SSHPTYRequest())
            let fd = session!.socketDescriptor
            if pausing { paused += try fixture.sshd.pauseConnections() }
            let start = ContinuousClock.now
            channel = nil
            session = nil
            _ = (channel, session)
            return (ContinuousClock.now - start, fd)
        }
        let (live, liveFD) = try openAndDrop(pausing: false)
        let (stopped, stoppedFD) = try openAndDrop(pausing: true)
        XCTAssertFalse(isOpen(liveFD))
        XCTAssertFalse(isOpen(stoppedFD), "no descriptor is left behind")
        XCTAssertLessThan(stopped - live, .milliseconds(500), "dropped in \(stopped) against \(live) on a live server")
    }

    /// Through a jump host whose sshd stopped: the target's session is cut off its jump channel
    /// and every hop's session freed without waiting; the first hop's socket is closed.
    func testClosingThroughAStoppedJumpHostCutsTheWholeChain() throws {
        let target = try SSHFixture()
        defer { target.tearDown() }
        try target.sshd.authorize(String(contentsOfFile: fixture.keyPath + ".pub", encoding: .utf8))
        var outer: SSHSession? = try fixture.session()
        var inner: SSHSession? = try outer!.connectThrough(to: target.endpoint)
        try inner!.verifyHostKey { _ in }
        try inner!.authenticate(SSHCredentials(privateKeys: [try fixture.clientKey()]))
        var channel: SSHChannel? = try inner!.exec("cat", pty: SSHPTYRequest())
        let fd = outer!.socketDescriptor
        XCTAssertEqual(inner!.socketDescriptor, fd, "one socket carries the chain")
        paused = try fixture.sshd.pauseConnections()

        let loop = try EventLoop()
        let closer = SessionCloser(loop: loop, patience: .milliseconds(300))
        var reports = 0
        closer.close(inner!, channel: channel) { _ in reports += 1 }
        XCTAssertEqual(closer.count, 1, "the call came back while the jump host owes everything")
        channel = nil
        inner = nil
        outer = nil
        while closer.count > 0 { try loop.runOnce() }
        XCTAssertEqual(reports, 1)
        XCTAssertFalse(isOpen(fd), "the first hop's socket is closed once the chain is freed")
    }
}
