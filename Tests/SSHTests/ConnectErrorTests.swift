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

    /// Debian 12's sshd restricted to weak algorithms: the error names what it offers per kind
    /// and the least weak names to allow; allowing them connects, and the weak ones are named.
    func testLegacyOnlyServerIsNamedAndConnectsOnceAllowed() throws {
        let sshd = try TestSSHD(extraConfig: ["KexAlgorithms diffie-hellman-group14-sha1",
                                              "Ciphers aes128-cbc,3des-cbc", "MACs hmac-sha1,hmac-md5"])
        defer { sshd.tearDown() }
        let endpoint = SSHEndpoint(host: "127.0.0.1", port: sshd.port, user: "u")
        XCTAssertThrowsError(try SSHSession.connect(to: endpoint)) { error in
            guard case .legacyOnlyServer(let server)? = error as? SSHError else { return XCTFail("\(error)") }
            XCTAssertEqual(server.offers.map(\.kind), [.keyExchange, .cipher, .mac])
            XCTAssertEqual(server.offers.map(\.names), [["diffie-hellman-group14-sha1"], ["aes128-cbc", "3des-cbc"],
                                                        ["hmac-sha1", "hmac-md5"]])
            XCTAssertEqual(server.allow, ["diffie-hellman-group14-sha1", "aes128-cbc", "hmac-sha1"], "the least weak of each")
            let text = "\(error)"
            XCTAssertTrue(text.contains("ciphers: aes128-cbc, 3des-cbc"), text)
            XCTAssertFalse(text.contains("--legacy-algorithms"),
                           "without a host to set it on (pairing), no setting is suggested: \(text)")
            XCTAssertTrue(text.contains("Give its sshd modern ones (OpenSSH's defaults), restart it, then try again."), text)
        }
        var options = SSHOptions()
        options.legacyAlgorithms = ["diffie-hellman-group14-sha1", "aes128-cbc", "hmac-sha1"]
        let session = try SSHSession.connect(to: endpoint, options: options)
        XCTAssertEqual(session.negotiatedAlgorithms.weak,
                       ["diffie-hellman-group14-sha1 (key exchange)", "aes128-cbc (cipher)", "hmac-sha1 (MAC)"])
    }

    /// A server whose only MAC libssh2 cannot do at all: nothing to allow, and the message says
    /// what Drover offers instead of suggesting a setting that cannot help.
    func testServerWithNothingLibssh2CanDoGetsNoSettingAdvice() throws {
        let sshd = try TestSSHD(extraConfig: ["Ciphers aes128-ctr", "MACs umac-64@openssh.com"])
        defer { sshd.tearDown() }
        XCTAssertThrowsError(try SSHSession.connect(to: SSHEndpoint(host: "127.0.0.1", port: sshd.port, user: "u"))) { error in
            guard case .legacyOnlyServer(let server)? = error as? SSHError else { return XCTFail("\(error)") }
            XCTAssertEqual(server.allow, [])
            let text = "\(error)"
            XCTAssertTrue(text.contains("offers no algorithm Drover can use for MACs (it offers MACs: umac-64@openssh.com)"), text)
            XCTAssertTrue(text.contains("hmac-sha2-256-etm@openssh.com"), text)
            XCTAssertFalse(text.contains("--legacy-algorithms"), text)
        }
    }
}
