import Foundation
import XCTest
import LibC
import SSH
import TestSupport

/// A session whose link was declared dead ends with a reset (`SSHSession.reset`, ADR 0031):
/// no goodbye, and its TCP connection is gone at once, instead of a half-closed socket that
/// keeps retrying into the dead path (FIN-WAIT, for minutes on a real network). The server's
/// sshd is stopped, as a dead link's is to the client: it never closes its side. What is left
/// is counted in the kernel's socket table (`ss`), right after the last reference went.
final class SessionResetTests: XCTestCase {
    private var fixture: SSHFixture!
    private var paused: [pid_t] = []

    override func setUpWithError() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: "/usr/bin/ss"), "ss (iproute2) is not installed")
        fixture = try SSHFixture()
    }

    override func tearDown() {
        TestSSHD.resume(paused)
        fixture?.tearDown()
    }

    /// The local port of the connected socket `fd`.
    private func localPort(_ fd: Int32) throws -> Int {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let rc = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard rc == 0 else { throw TestSupportError("getsockname: errno \(errno)") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// The states of the TCP sockets on local port `port` (`ss -tan`), one per line.
    private func socketStates(port: Int) throws -> [String] {
        try Shell.run("/usr/bin/ss", ["-Htan", "sport = :\(port)"]).split(separator: "\n")
            .compactMap { $0.split(separator: " ").first.map(String.init) }
    }

    /// Opens a session, runs a command to its end (so nothing the server sent is left unread,
    /// which would make any close a reset), stops its sshd, ends the session with `end` and
    /// drops it: the sockets left.
    private func socketsLeft(after end: (SSHSession) -> Void) throws -> [String] {
        var session: SSHSession? = try fixture.session()
        let port = try localPort(session!.socketDescriptor)
        do {
            let channel = try session!.exec("true")
            _ = try channel.readToEnd(timeout: 10) { _ in }
        }
        XCTAssertEqual(try socketStates(port: port), ["ESTAB"])
        paused = try fixture.sshd.pauseConnections()
        end(session!)
        session = nil
        return try socketStates(port: port)
    }

    func testAResetSessionLeavesNoSocketBehind() throws {
        XCTAssertEqual(try socketsLeft { $0.reset() }, [], "reset at close: nothing lingers")
    }

    /// The control: a goodbye and an orderly close leave the socket half-closed while the
    /// server does not answer.
    func testADisconnectedSessionLeavesItsSocketClosing() throws {
        let left = try socketsLeft { $0.disconnect() }
        XCTAssertEqual(left.count, 1, "\(left)")
        XCTAssertTrue(left.first?.hasPrefix("FIN-WAIT") == true, "\(left)")
    }
}
