import Foundation
import XCTest
@testable import SSH
import TestSupport
import LibC

/// A name with several addresses: each is tried in order until one answers.
final class TCPConnectorTests: XCTestCase {
    func testEachResolvedAddressIsTriedUntilOneAnswers() throws {
        guard (try? TestSSHD.freePort(address: "::1")) != nil else {
            throw XCTSkip("this machine has no ::1 loopback address")
        }
        let fixture = try SSHFixture()   // listens on 127.0.0.1 only
        defer { fixture.tearDown() }
        let port = fixture.sshd.port
        // As a resolver would answer for a dual-stack name: IPv6 first (refused here), then IPv4.
        let addresses = try TCPConnector.resolve(host: "::1", port: port) + TCPConnector.resolve(host: "127.0.0.1", port: port)
        let (fd, peer) = try TCPConnector.connect(to: addresses, host: "dual.example", port: port, timeout: 5)
        close(fd)
        XCTAssertEqual(peer, PeerAddress(address: "127.0.0.1", port: port))
    }

    func testWhenEveryAddressFailsTheLastErrorIsReported() throws {
        let port = try TestSSHD.freePort()
        let addresses = try TCPConnector.resolve(host: "127.0.0.1", port: port)
        XCTAssertThrowsError(try TCPConnector.connect(to: addresses + addresses, host: "h", port: port, timeout: 5)) {
            XCTAssertEqual($0 as? SSHError, .connectionRefused(host: "h", port: port))
        }
        XCTAssertThrowsError(try TCPConnector.connect(to: [], host: "h", port: port, timeout: 5)) {
            guard case .unreachable? = $0 as? SSHError else { return XCTFail("\($0)") }
        }
    }
}
