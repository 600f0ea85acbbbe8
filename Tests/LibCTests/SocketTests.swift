import LibC
import XCTest

/// The socket wrappers behave the same on every C library: the descriptor does not leak into
/// children, and a send to a vanished peer is an error, never a signal.
final class SocketTests: XCTestCase {
    func testSocketIsClosedOnExec() throws {
        let fd = socketClosedOnExec(family: AF_INET, type: streamSocketType, protocol: 0)
        XCTAssertGreaterThanOrEqual(fd, 0, String(cString: strerror(errno)))
        defer { close(fd) }
        XCTAssertNotEqual(fcntl(fd, F_GETFD) & FD_CLOEXEC, 0)
    }

    func testSendToAClosedPeerFailsWithEPIPEEvenWithSIGPIPEAtItsDefault() throws {
        var previous = sigaction()
        var standard = sigaction()
        standard.handler = SIG_DFL
        sigemptyset(&standard.sa_mask)
        sigaction(SIGPIPE, &standard, &previous)
        defer { sigaction(SIGPIPE, &previous, nil) }

        var ends: [Int32] = [-1, -1]
        XCTAssertEqual(socketpair(AF_UNIX, streamSocketType, 0, &ends), 0)
        close(ends[1])
        defer { close(ends[0]) }
        let bytes: [UInt8] = [1, 2, 3]
        // Had this raised SIGPIPE, the default action would have ended the test process here.
        let sent = bytes.withUnsafeBytes { sendWithoutSignal(ends[0], $0.baseAddress, $0.count) }
        XCTAssertEqual(sent, -1)
        XCTAssertEqual(errno, EPIPE)
    }
}
