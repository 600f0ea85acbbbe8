import Foundation
import XCTest
import SSH
import TestSupport
import LibC

/// `SSHChannel.readAvailable(onData:)`: every piece comes straight from the channel's one
/// reused buffer (no array per read), both streams arrive, and returning false stops reading.
final class ChannelBufferTests: XCTestCase {
    private var fixture: SSHFixture!

    override func setUpWithError() throws { fixture = try SSHFixture() }
    override func tearDown() { fixture.tearDown() }

    func testPiecesComeFromOneBufferAndReadingStopsWhenAsked() throws {
        let session = try fixture.session()
        let channel = try session.exec("head -c 300000 /dev/zero | tr '\\0' x; echo err >&2")
        var stdoutCount = 0
        var onlyX = true
        var stderr: [UInt8] = []
        var buffers = Set<UnsafeRawPointer>()
        var stopped = false
        var stopReported = false
        while true {
            let flags = try channel.readAvailable { bytes, isStderr in
                buffers.insert(bytes.baseAddress!)
                if isStderr {
                    stderr += bytes
                } else {
                    stdoutCount += bytes.count
                    onlyX = onlyX && bytes.allSatisfy { $0 == UInt8(ascii: "x") }
                }
                if !stopped {
                    stopped = true
                    return false
                }
                return true
            }
            if stopped && !stopReported {
                stopReported = true
                XCTAssertTrue(flags.hasMore, "a stopped read says more may wait")
                XCTAssertFalse(flags.reachedEOF)
            }
            if flags.reachedEOF { break }
            if flags.hasMore { continue }
            var pfd = pollfd(fd: session.socketDescriptor, events: session.blockDirections.pollEvents, revents: 0)
            XCTAssertGreaterThan(poll(&pfd, 1, 10_000), 0, "no progress for 10 s")
        }
        XCTAssertEqual(stdoutCount, 300_000)
        XCTAssertTrue(onlyX)
        XCTAssertEqual(String(decoding: stderr, as: UTF8.self), "err\n")
        XCTAssertEqual(buffers.count, 1, "every piece is read into the same buffer")
        XCTAssertEqual(try channel.close().status, 0)
    }
}
