import Foundation
import XCTest
import SSH
import TestSupport

/// Connection failures surface as typed errors, within the timeout.
final class ConnectErrorTests: XCTestCase {
    func testClosedLoopbackPortIsRefused() throws {
        let port = try TestSSHD.freePort()
        XCTAssertThrowsError(try SSHSession.connect(to: SSHEndpoint(host: "127.0.0.1", port: port, user: "u"))) { error in
            XCTAssertEqual(error as? SSHError, .connectionRefused(host: "127.0.0.1", port: port))
            XCTAssertTrue("\(error)".contains("refused the connection"), "\(error)")
        }
    }

    func testUnresolvableNameIsHostNotFound() {
        XCTAssertThrowsError(try SSHSession.connect(to: SSHEndpoint(host: "no-such-host.invalid", user: "u"))) { error in
            guard case .hostNotFound(let host, _)? = error as? SSHError else { return XCTFail("\(error)") }
            XCTAssertEqual(host, "no-such-host.invalid")
        }
    }

    func testConnectThatGetsNoAnswerTimesOutWithinTheTimeout() throws {
        let listener = try SilentListener(backlog: 0)
        try listener.fillBacklog()
        let started = ContinuousClock.now
        let options = SSHOptions(connectTimeout: 0.5, handshakeTimeout: 5)
        XCTAssertThrowsError(try SSHSession.connect(to: SSHEndpoint(host: "127.0.0.1", port: listener.port, user: "u"),
                                                    options: options)) { error in
            XCTAssertEqual(error as? SSHError,
                           .timedOut(host: "127.0.0.1", port: listener.port, seconds: 0.5, waitingFor: "connecting"))
        }
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(4), "the timeout bounds the wait")
    }

    func testServerThatNeverGreetsTimesOutDuringHandshake() throws {
        let listener = try SilentListener(backlog: 8)
        let started = ContinuousClock.now
        let options = SSHOptions(connectTimeout: 5, handshakeTimeout: 0.5)
        XCTAssertThrowsError(try SSHSession.connect(to: SSHEndpoint(host: "127.0.0.1", port: listener.port, user: "u"),
                                                    options: options)) { error in
            guard case .timedOut(_, let port, let seconds, let waitingFor)? = error as? SSHError else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(port, listener.port)
            XCTAssertEqual(seconds, 0.5)
            XCTAssertTrue(waitingFor.contains("SSH server"), waitingFor)
        }
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(4), "the timeout bounds the wait")
    }

    /// The handshake timeout is the whole wait, counted from the start: a TCP connect that
    /// hangs uses it up (before, the per-address connect timeout ran first and the handshake
    /// got its own time after it).
    func testHandshakeTimeoutBoundsTheWholeConnectIncludingTCP() throws {
        let listener = try SilentListener(backlog: 0)
        try listener.fillBacklog()
        let started = ContinuousClock.now
        let options = SSHOptions(connectTimeout: 6, handshakeTimeout: 1)
        XCTAssertThrowsError(try SSHSession.connect(to: SSHEndpoint(host: "127.0.0.1", port: listener.port, user: "u"),
                                                    options: options)) { error in
            XCTAssertEqual(error as? SSHError,
                           .timedOut(host: "127.0.0.1", port: listener.port, seconds: 1, waitingFor: "connecting"))
        }
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(4), "one budget bounds TCP and the handshake")
    }

    func testServerThatIsNotSSHGivesHandshakeFailed() throws {
        let listener = try SilentListener(backlog: 8)
        listener.answerOnceAndClose("HTTP/1.1 400 Bad Request\r\n\r\n")
        XCTAssertThrowsError(try SSHSession.connect(to: SSHEndpoint(host: "127.0.0.1", port: listener.port, user: "u"),
                                                    options: SSHOptions(handshakeTimeout: 10))) { error in
            guard case .handshakeFailed(_, let port, let detail)? = error as? SSHError else { return XCTFail("\(error)") }
            XCTAssertEqual(port, listener.port)
            XCTAssertTrue(detail.contains("is it an SSH server?"), detail)
        }
    }

    func testRSAOnlyServerGetsTheRSAError() throws {
        let sshd = try TestSSHD(hostKeyType: "rsa")
        defer { sshd.tearDown() }
        XCTAssertThrowsError(try SSHSession.connect(to: SSHEndpoint(host: "127.0.0.1", port: sshd.port, user: "u"))) { error in
            XCTAssertEqual(error as? SSHError, .rsaOnlyServer(host: "127.0.0.1", port: sshd.port))
            XCTAssertTrue("\(error)".contains("add an ed25519 host key"), "\(error)")
        }
    }
}
