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

    /// A forward's accepted connection is non-blocking and closed on exec from its first instant.
    func testAcceptedConnectionIsNonBlockingAndClosedOnExec() throws {
        let listener = socketClosedOnExec(family: AF_INET, type: streamSocketType, protocol: 0)
        XCTAssertGreaterThanOrEqual(listener, 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(listener, generic, length) == 0 && listen(listener, 1) == 0 && getsockname(listener, generic, &length) == 0
            }
        }
        XCTAssertTrue(bound, String(cString: strerror(errno)))
        let client = socketClosedOnExec(family: AF_INET, type: streamSocketType, protocol: 0)
        defer { close(client) }
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(client, $0, length) }
        }
        XCTAssertEqual(connected, 0, String(cString: strerror(errno)))
        let accepted = acceptNonBlockingClosedOnExec(listener)
        XCTAssertGreaterThanOrEqual(accepted, 0, String(cString: strerror(errno)))
        defer { close(accepted) }
        XCTAssertNotEqual(fcntl(accepted, F_GETFD) & FD_CLOEXEC, 0)
        XCTAssertNotEqual(fcntl(accepted, F_GETFL) & O_NONBLOCK, 0)
    }
}
