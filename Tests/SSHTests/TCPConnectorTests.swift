import Foundation
import XCTest
@testable import SSH
import TestSupport
import LibC

/// A name with several addresses: each is tried in order until one answers; the caller may
/// refuse the address that answered before anything is sent.
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

    /// `checkPeer` sees the address that answered and, by throwing, closes the connection
    /// before the SSH banner: the sshd logs that no identification string came.
    func testACheckedPeerThatIsRefusedGetsNoSSHByte() throws {
        struct Refused: Error {}
        let fixture = try SSHFixture()
        defer { fixture.tearDown() }
        var seen: PeerAddress?
        XCTAssertThrowsError(try SSHSession.connect(to: SSHEndpoint(host: "localhost", port: fixture.sshd.port, user: "x"),
                                                    checkPeer: { peer in seen = peer; throw Refused() })) { error in
            XCTAssertTrue(error is Refused, "\(error)")
        }
        XCTAssertEqual(seen?.port, fixture.sshd.port)
        XCTAssertTrue(fixture.sshd.waitForLog { $0.contains("kex_exchange_identification") }, fixture.sshd.log)
        XCTAssertFalse(fixture.sshd.log.contains("Remote protocol version"), fixture.sshd.log)
    }
}
