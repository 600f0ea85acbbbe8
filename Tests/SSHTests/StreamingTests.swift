import Foundation
import XCTest
import SSH
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Non-blocking reads and writes driven by an outside poll(2) loop, environment, signals,
/// keepalives.
final class StreamingTests: XCTestCase {
    private var fixture: SSHFixture!

    override func setUpWithError() throws { fixture = try SSHFixture() }
    override func tearDown() { fixture.tearDown() }

    func testExternalPollLoopStreamsFourMegabytesThroughCat() throws {
        let session = try fixture.session()
        let channel = try session.exec("cat; echo done >&2")
        let input = (0..<(4 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 9) }
        var sent = 0
        var echoed: [UInt8] = []
        var stderr: [UInt8] = []
        var sentEOF = false
        var sawWouldBlock = false
        while true {
            if sent < input.count {
                let n = try channel.write(Array(input[sent..<min(sent + 65536, input.count)]))
                if n == 0 { sawWouldBlock = true }
                sent += n
            } else if !sentEOF {
                try channel.sendEOF()
                sentEOF = true
            }
            let output = try channel.readAvailable()
            echoed += output.stdout
            stderr += output.stderr
            if output.reachedEOF { break }
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
        XCTAssertTrue(sawWouldBlock, "four megabytes overfill the 2 MB channel window")
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
