import LibC
import XCTest

/// `reopenTerminalForWriting` gives a description of the same terminal that only its caller
/// has: its flags are not the original's, and it refuses what it cannot reopen faithfully.
final class TerminalTests: XCTestCase {
    func testAPrivateDescriptionOfTheSameTerminal() throws {
        var master: Int32 = -1
        var slave: Int32 = -1
        XCTAssertEqual(openpty(&master, &slave, nil, nil, nil), 0)
        defer { close(master); close(slave) }
        let shared = fcntl(slave, F_GETFL)
        XCTAssertEqual(shared & O_NONBLOCK, 0)

        let reopened = reopenTerminalForWriting(slave)
        XCTAssertGreaterThanOrEqual(reopened, 0, String(cString: strerror(errno)))
        defer { close(reopened) }
        XCTAssertNotEqual(fcntl(reopened, F_GETFL) & O_NONBLOCK, 0, "the private one is non-blocking")
        XCTAssertNotEqual(fcntl(reopened, F_GETFD) & FD_CLOEXEC, 0)
        XCTAssertEqual(fcntl(slave, F_GETFL), shared, "the original description is untouched")

        let bytes = Array("same terminal".utf8)
        XCTAssertEqual(bytes.withUnsafeBytes { write(reopened, $0.baseAddress, $0.count) }, bytes.count)
        var buffer = [UInt8](repeating: 0, count: 64)
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        XCTAssertEqual(poll(&descriptor, 1, 10_000), 1)
        let count = read(master, &buffer, buffer.count)
        XCTAssertEqual(Array(buffer.prefix(max(count, 0))), bytes, "written through it, read at the master")
    }

    func testAMasterIsRefusedNotReopenedAsANewPair() throws {
        var master: Int32 = -1
        var slave: Int32 = -1
        XCTAssertEqual(openpty(&master, &slave, nil, nil, nil), 0)
        defer { close(master); close(slave) }
        XCTAssertEqual(reopenTerminalForWriting(master), -1)
        XCTAssertEqual(errno, EINVAL)
    }

    func testAPipeIsNoTerminal() {
        var ends: [Int32] = [-1, -1]
        XCTAssertEqual(pipe(&ends), 0)
        defer { close(ends[0]); close(ends[1]) }
        XCTAssertEqual(reopenTerminalForWriting(ends[1]), -1)
        XCTAssertEqual(errno, ENOTTY)
    }
}
