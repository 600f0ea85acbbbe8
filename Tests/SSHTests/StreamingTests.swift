import Foundation
import XCTest
import SSH
import TestSupport
import LibC

/// Non-blocking reads and writes driven by an outside poll(2) loop, environment, signals,
/// keepalives.
final class StreamingTests: XCTestCase {
    private var fixture: SSHFixture!

    override func setUpWithError() throws { fixture = try SSHFixture() }
    override func tearDown() { fixture.tearDown() }

    func testWriteWouldBlockThenExternalPollLoopStreamsEightMegabytesThroughCat() throws {
        let session = try fixture.session()
        let channel = try session.exec("cat; echo done >&2")
        let input = (0..<(8 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 9) }
        // Without reading, cat's output fills our window, cat stops, and its input fills the
        // server's window: a write must then report that it would block (0 bytes).
        var sent = 0
        while sent < input.count {
            let n = try channel.write(input[sent..<min(sent + 65536, input.count)])
            if n == 0 { break }
            sent += n
        }
        XCTAssertLessThan(sent, input.count, "a write reported would-block before 8 MB went out")

        var echoed: [UInt8] = []
        var stderr: [UInt8] = []
        var sentEOF = false
        while true {
            if sent < input.count {
                sent += try channel.write(input[sent..<min(sent + 65536, input.count)])
            } else if !sentEOF {
                try channel.sendEOF()
                sentEOF = true
            }
            let output = try channel.readAvailable()
            echoed += output.stdout
            stderr += output.stderr
            if output.reachedEOF { break }
            // More is waiting inside libssh2, or the last write just finished and EOF is due.
            if output.hasMore || (sent == input.count && !sentEOF) { continue }
            // The loop a console would run: poll the socket for what libssh2 waits on.
            var pfd = pollfd(fd: session.socketDescriptor, events: session.blockDirections.pollEvents, revents: 0)
            if sent < input.count { pfd.events |= Int16(POLLOUT) }
            XCTAssertGreaterThan(poll(&pfd, 1, 10_000), 0, "no progress for 10 s")
        }
        let exit = try channel.close()
        XCTAssertEqual(echoed.count, input.count)
        XCTAssertTrue(echoed == input, "the bytes come back unchanged and in order")
        XCTAssertEqual(stderr.text, "done\n")
        XCTAssertEqual(exit.status, 0)
    }

    func testAcceptedEnvironmentIsSetAndRefusedNamesAreIgnored() throws {
        let session = try fixture.session()
        let result = try session.run(command: "echo \"$LANG|${DROVER_NOT_ACCEPTED:-unset}\"",
                                     environment: ["LANG": "C.UTF-8", "DROVER_NOT_ACCEPTED": "x"])
        XCTAssertEqual(result.stdout.text, "C.UTF-8|unset\n")
    }

    func testInputReachesCommandAndKilledCommandReportsSignal() throws {
        let session = try fixture.session()
        let echoed = try session.run(command: "tr a-z A-Z", input: Array("hello\n".utf8))
        XCTAssertEqual(echoed.stdout.text, "HELLO\n")
        let killed = try session.run(command: "kill -TERM $$")
        XCTAssertEqual(killed.exit.signal, "TERM")
    }

    func testKeepaliveReportsSecondsToNextAndSessionStaysUsable() throws {
        let session = try fixture.session()
        session.configureKeepalive(interval: 5)
        let next = try session.sendKeepalive()
        XCTAssertTrue((1...5).contains(next), "next keepalive in \(next) s")
        XCTAssertEqual(try session.run(command: "echo still-here").stdout.text, "still-here\n")
    }
}

/// A server-side connection that dies mid-command surfaces as `connectionLost`.
final class ConnectionLossTests: XCTestCase {
    func testKilledServerProcessGivesConnectionLost() throws {
        let fixture = try SSHFixture()
        defer { fixture.tearDown() }
        let session = try fixture.session()
        // The command's parent is the sshd process serving this connection.
        let serverPID = try XCTUnwrap(Int32(session.run(command: "echo $PPID").stdout.text
            .trimmingCharacters(in: .whitespacesAndNewlines)))
        // cat ends by itself once sshd is gone (its stdin closes), so nothing is left running.
        let channel = try session.exec("echo started; exec cat")
        var reader = ChannelReader(channel)
        _ = try reader.read(until: "started")
        XCTAssertEqual(kill(serverPID, SIGKILL), 0)
        XCTAssertThrowsError(try channel.readToEnd(timeout: 10) { _ in }) { error in
            guard case .connectionLost? = error as? SSHError else { return XCTFail("\(error)") }
        }
    }
}
