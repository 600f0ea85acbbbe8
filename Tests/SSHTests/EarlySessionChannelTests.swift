import Foundation
import XCTest
import Identity
import SSH
import TestSupport

/// The session channel opened behind the signed login (ADR 0017): `exec` finishes that open,
/// nothing else may open a channel before it does, and a key that turns out not to be enough
/// on its own (a server wanting two keys answers the first with partial success) ends in
/// `EarlySessionChannelSpent`, after which a new connection logs in as before.
final class EarlySessionChannelTests: XCTestCase {
    private func loggedIn(_ fixture: SSHFixture, keys: [SSHPrivateKey], early: Bool,
                          remembered: String? = nil) throws -> SSHSession {
        let session = try SSHSession.connect(to: fixture.endpoint, options: SSHOptions(operationTimeout: 10))
        try session.verifyHostKey { _ in }
        var credentials = SSHCredentials(privateKeys: keys)
        credentials.rememberedKey = remembered
        try session.authenticate(credentials, openingSessionEarly: early)
        return session
    }

    func testExecFinishesTheEarlyOpenAndTheCommandRuns() throws {
        let fixture = try SSHFixture()
        defer { fixture.tearDown() }
        let session = try loggedIn(fixture, keys: [try fixture.clientKey()], early: true)
        let result = try session.run(command: "echo early")
        XCTAssertEqual(result.stdout.text, "early\n")
        // The early open was used up by that exec: a second channel opens normally.
        XCTAssertEqual(try session.run(command: "echo again").stdout.text, "again\n")
    }

    func testNoOtherChannelMayTakeTheEarlyOpensAnswer() throws {
        let fixture = try SSHFixture()
        defer { fixture.tearDown() }
        let session = try loggedIn(fixture, keys: [try fixture.clientKey()], early: true)
        XCTAssertThrowsError(try session.openForward(host: "127.0.0.1", port: 9, originHost: "127.0.0.1", originPort: 1)) {
            XCTAssertTrue("\($0)".contains("session channel is still being opened"), "\($0)")
        }
        XCTAssertEqual(try session.run(command: "echo mine").stdout.text, "mine\n", "exec still gets its channel")
    }

    func testAKeyThatIsNotEnoughAloneSpendsTheConnectionAndANewOneLogsIn() throws {
        let fixture = try SSHFixture(extraConfig: ["AuthenticationMethods publickey,publickey"])
        defer { fixture.tearDown() }
        let second = try fixture.strangerKey()
        try fixture.sshd.authorize(try publicLine(of: second, in: fixture))
        let keys = [try fixture.clientKey(), second]
        // Of two keys only a remembered one goes before the "none" request.
        let remembered = try SSHPublicKey(line: try XCTUnwrap(keys[0].publicKeyLine)).fingerprint
        XCTAssertThrowsError(try loggedIn(fixture, keys: keys, early: true, remembered: remembered)) {
            XCTAssertEqual($0 as? EarlySessionChannelSpent, EarlySessionChannelSpent(.keyNotEnough), "\($0)")
        }
        // What ConnectionPlan.logIn does next: the same login on a new connection, no early open.
        let session = try loggedIn(fixture, keys: keys, early: false)
        XCTAssertEqual(try session.run(command: "echo both").stdout.text, "both\n")
    }

    private func publicLine(of key: SSHPrivateKey, in fixture: SSHFixture) throws -> String {
        let path = fixture.sshd.directory.file("second_\(UUID().uuidString.prefix(6))")
        try key.privateKeyText.write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o600)
        return try Shell.run("/usr/bin/ssh-keygen", ["-y", "-f", path]).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
