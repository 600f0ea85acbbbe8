import Foundation
import XCTest
import LibC
import SSH
import TestSupport

/// libssh2 keeps one outgoing packet per session: once a write returned EAGAIN with its packet
/// half sent, another channel's write must wait for it, not fail (LIBSSH2_ERROR_BAD_USE, which
/// would drop the link). The server is stopped (SIGSTOP) so the socket really fills; the half-sent
/// packet is the event awaited (libssh2 then reports the outbound direction blocked).
final class SendTurnTests: XCTestCase {
    private var sink: ChildProcess?

    override func tearDown() { sink?.terminate() }

    /// A server that reads and discards; its first line is its port.
    private func startSink() throws -> Int {
        let pipe = try PipePair()
        let script = """
            import socket, threading
            listener = socket.create_server(("127.0.0.1", 0))
            print(listener.getsockname()[1], flush=True)
            def drain(conn):
                while conn.recv(65536): pass
            while True:
                conn, _ = listener.accept()
                threading.Thread(target=drain, args=(conn,), daemon=True).start()
            """
        sink = try ChildProcess("/usr/bin/python3", ["-c", script], stdout: pipe.write)
        close(pipe.write)
        defer { close(pipe.read) }
        var line = ""
        var byte: UInt8 = 0
        while LibC.read(pipe.read, &byte, 1) == 1, byte != UInt8(ascii: "\n") { line.append(Character(UnicodeScalar(byte))) }
        guard let port = Int(line) else { throw TestSupportError("the sink did not start: '\(line)'") }
        return port
    }

    func testAnotherChannelsWriteWaitsForAHalfSentPacketInsteadOfFailing() throws {
        let fixture = try SSHFixture()
        defer { fixture.tearDown() }
        let session = try SSHSession.open(to: fixture.endpoint, verifyHostKey: { _ in },
                                          credentials: SSHCredentials(privateKeys: [try fixture.clientKey()]))
        try fillAndTakeTurns(on: session, stopping: fixture.sshd)
    }

    /// Through a jump host the inner session's packets go through the jump channel's writes:
    /// the same rule holds on both sessions (the first hop's sshd is the one that stops reading).
    func testTheSameHoldsThroughAJumpHost() throws {
        let jump = try SSHFixture()
        defer { jump.tearDown() }
        let target = try SSHFixture()
        defer { target.tearDown() }
        try target.sshd.authorize(String(contentsOfFile: jump.keyPath + ".pub", encoding: .utf8))
        let outer = try SSHSession.open(to: jump.endpoint, verifyHostKey: { _ in },
                                        credentials: SSHCredentials(privateKeys: [try jump.clientKey()]))
        let inner = try outer.connectThrough(to: target.endpoint)
        try inner.verifyHostKey { _ in }
        try inner.authenticate(SSHCredentials(privateKeys: [try jump.clientKey()]))
        try fillAndTakeTurns(on: inner, stopping: jump.sshd)
    }

    /// Waits for the socket, at most 50 ms at a time: through a jump host, the first hop's
    /// session may already hold what the inner one waits for, which the socket never announces.
    private func waitForProgress(_ session: SSHSession) throws {
        do { try session.waitUntilReady(timeout: 0.05) } catch SSHError.timedOut {}
    }

    /// Opens 16 forwards, stops `sshd`'s connection processes, writes until a packet stays half
    /// sent, checks that another channel waits, resumes the server, and checks the session is whole.
    private func fillAndTakeTurns(on session: SSHSession, stopping sshd: TestSSHD) throws {
        let port = try startSink()
        var channels: [SSHForwardChannel] = []
        let opening = ContinuousClock.now + .seconds(30)
        while channels.count < 16 {
            guard ContinuousClock.now < opening else { throw TestSupportError("the forwards did not open in 30 s") }
            if let channel = try session.openForward(host: "127.0.0.1", port: port, originHost: "127.0.0.1", originPort: 0) {
                channels.append(channel)
            } else {
                try waitForProgress(session)
            }
        }
        // A terminal that prints its size on each window change.
        let terminal = try session.exec("stty size; trap 'stty size' WINCH; while :; do sleep 0.1; done", pty: SSHPTYRequest())
        // The connection's sshd processes stop reading: what Drover sends piles up in the socket.
        let children = try sshd.connectionProcessIDs()
        let stopped = children + (try children.flatMap { child in
            try Shell.execute("/usr/bin/pgrep", ["-P", String(child)]).stdout.split(separator: "\n").compactMap { pid_t($0) }
        })
        for pid in stopped { kill(pid, SIGSTOP) }
        var resumed = false
        defer { if !resumed { for pid in stopped { kill(pid, SIGCONT) } } }

        let chunk = [UInt8](repeating: 0x5a, count: 32 * 1024)
        var holder: Int?
        search: for (index, channel) in channels.enumerated() {
            // Until this channel's window is full (0 without a half-sent packet) or a packet stays half sent.
            while true {
                let n = try chunk.withUnsafeBytes { try channel.write($0) }
                if session.blockDirections.contains(.outbound) { holder = index; break search }
                if n == 0 { break }
            }
        }
        let held = try XCTUnwrap(holder, "16 channels' windows filled without the socket ever filling")
        let other = channels[(held + 1) % channels.count]
        XCTAssertEqual(try chunk.withUnsafeBytes { try other.write($0) }, 0, "another channel waits its turn")
        XCTAssertEqual(try other.sendEOF(), false, "its end waits too")
        XCTAssertEqual(try terminal.resize(columns: 91, rows: 33), false, "a window change waits its turn, without waiting")

        for pid in stopped { kill(pid, SIGCONT) }
        resumed = true
        // The holder finishes its packet once the server reads again; then the session is whole.
        let deadline = ContinuousClock.now + .seconds(30)
        while session.blockDirections.contains(.outbound) {
            _ = try chunk.withUnsafeBytes { try channels[held].write($0) }
            guard ContinuousClock.now < deadline else { throw TestSupportError("the half-sent packet never finished") }
            try waitForProgress(session)
        }
        var ended = false
        while !ended {
            ended = try other.sendEOF()
            if !ended { try waitForProgress(session) }
            guard ContinuousClock.now < deadline else { throw TestSupportError("the end was never sent") }
        }
        for channel in channels {
            while !channel.free() {
                guard ContinuousClock.now < deadline else { throw TestSupportError("a forward never closed") }
                try waitForProgress(session)
            }
        }
        // The window change kept for later goes out now, and the remote terminal takes it.
        while !(try terminal.resize(columns: 91, rows: 33)) {
            guard ContinuousClock.now < deadline else { throw TestSupportError("the window change was never sent") }
            try waitForProgress(session)
        }
        var shown = ""
        while !shown.contains("33 91") {
            shown += (try terminal.readAvailable()).stdout.text
            guard ContinuousClock.now < deadline else { throw TestSupportError("the size never showed: \(shown)") }
            try waitForProgress(session)
        }
        let result = try session.run(command: "echo alive")
        XCTAssertEqual(String(decoding: result.stdout, as: UTF8.self), "alive\n")
    }
}
