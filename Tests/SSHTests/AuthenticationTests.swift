import Foundation
import XCTest
import SSH
import TestSupport

/// Login methods in order, and the auth-refused error listing what the server offers.
final class AuthenticationTests: XCTestCase {
    private var fixture: SSHFixture!

    override func setUpWithError() throws { fixture = try SSHFixture() }
    override func tearDown() { fixture.tearDown() }

    private func verifiedSession() throws -> SSHSession {
        let session = try SSHSession.connect(to: fixture.endpoint)
        try session.verifyHostKey { _ in }
        return session
    }

    func testDeviceKeyIsTheMethodThatLogsIn() throws {
        let session = try verifiedSession()
        XCTAssertEqual(try session.authenticate(SSHCredentials(privateKeys: [try fixture.clientKey()])),
                       .privateKey(label: "device key"))
    }

    func testCredentialOrderDecidesWhatIsTriedAndLeftOutKindsAreNever() throws {
        let session = try verifiedSession()
        let asked = AskedQuestions()
        var credentials = SSHCredentials(privateKeys: [try fixture.clientKey()],
                                         prompt: { asked.record($0.text); return "wrong" },
                                         order: [.prompt])
        XCTAssertThrowsError(try session.authenticate(credentials)) { error in
            guard case let .authenticationRefused(_, _, _, tried)? = error as? SSHError else { return XCTFail("\(error)") }
            XCTAssertEqual(tried, ["password"], "the authorized key is not tried when the order leaves it out")
        }
        XCTAssertEqual(asked.all.count, 3, "three tries, like ssh")
        credentials.order = [.prompt, .privateKeys]
        let second = try verifiedSession()
        XCTAssertEqual(try second.authenticate(credentials), .privateKey(label: "device key"))
        XCTAssertEqual(asked.all.count, 6, "the password was asked first (three tries), then the key logged in")
    }

    func testPrivateKeyWithoutPublicLineLogsIn() throws {
        let key = try fixture.clientKey()
        let session = try verifiedSession()
        let bare = SSHPrivateKey(privateKeyText: key.privateKeyText, publicKeyLine: nil, label: "device key")
        XCTAssertEqual(try session.authenticate(SSHCredentials(privateKeys: [bare])), .privateKey(label: "device key"))
    }

    func testWrongKeyIsRefusedWithOfferedMethods() throws {
        let session = try verifiedSession()
        XCTAssertThrowsError(try session.authenticate(SSHCredentials(privateKeys: [try fixture.strangerKey()]))) { error in
            guard case let .authenticationRefused(user, _, offered, tried)? = error as? SSHError else { return XCTFail("\(error)") }
            XCTAssertEqual(user, fixture.user)
            XCTAssertEqual(Set(offered), ["publickey", "password"])
            XCTAssertEqual(tried, ["device key"])
            XCTAssertTrue("\(error)".contains("the server offers: publickey, password"), "\(error)")
        }
        XCTAssertFalse(session.isAuthenticated)
    }

    /// Like ssh, a refused password is asked again, three tries in all; each later try is
    /// numbered and says the last answer was refused.
    func testWrongPasswordIsAskedThreeTimesThenRefusedWithOfferedMethods() throws {
        let session = try verifiedSession()
        var asked: [SSHAuthPrompt] = []
        let credentials = SSHCredentials(privateKeys: [try fixture.strangerKey()], prompt: { prompt in
            asked.append(prompt)
            return "certainly-not-the-password"
        })
        XCTAssertThrowsError(try session.authenticate(credentials)) { error in
            guard case let .authenticationRefused(_, _, offered, tried)? = error as? SSHError else { return XCTFail("\(error)") }
            XCTAssertEqual(Set(offered), ["publickey", "password"])
            XCTAssertEqual(tried, ["device key", "password"])
        }
        XCTAssertEqual(asked.map(\.attempt), [1, 2, 3])
        XCTAssertTrue(asked.allSatisfy { !$0.echo && $0.text.hasSuffix("password: ") }, "\(asked)")
        XCTAssertEqual(asked.map(\.instruction), ["", "That password was refused; try again (2 of 3).",
                                                    "That password was refused; try again (3 of 3)."])
    }

    func testPasswordIsNotAskedWithoutPromptAndNotSentWhenDeclined() throws {
        let session = try verifiedSession()
        XCTAssertThrowsError(try session.authenticate(SSHCredentials(prompt: { _ in nil }))) { error in
            guard case let .authenticationRefused(_, _, _, tried)? = error as? SSHError else { return XCTFail("\(error)") }
            XCTAssertEqual(tried, [], "a declined prompt sends no password")
        }
    }

    func testAuthenticationBeforeHostKeyVerificationIsRefused() throws {
        let session = try SSHSession.connect(to: fixture.endpoint)
        XCTAssertThrowsError(try session.authenticate(SSHCredentials(privateKeys: [try fixture.clientKey()]))) { error in
            XCTAssertEqual(error as? SSHError, .hostKeyNotVerified)
        }
    }

    func testAgentKeyLogsInWhenDeviceKeyIsRefused() throws {
        let agent = try TestAgent(directory: fixture.sshd.directory)
        defer { agent.stop() }
        try agent.add(keyPath: fixture.keyPath)
        let session = try verifiedSession()
        let credentials = SSHCredentials.standard(deviceKey: try fixture.strangerKey(),
                                                  environment: ["SSH_AUTH_SOCK": agent.socketPath])
        XCTAssertEqual(try session.authenticate(credentials), .agent(comment: "drover-test-client"))
        XCTAssertEqual(try session.run(command: "echo via-agent").stdout.text, "via-agent\n")
    }

    /// Nothing offered: the device key is not suggested (it was not a candidate), nor keys to a
    /// server that takes none.
    func testARefusalWithNothingTriedDoesNotBlameTheDeviceKey() {
        let noKey = SSHError.authenticationRefused(user: "ann", host: "box.lan:22", offered: ["publickey"], tried: []).description
        XCTAssertTrue(noKey.contains("Drover had no key it could offer (see the notes above"), noKey)
        XCTAssertFalse(noKey.contains("device's key"), noKey)
        let noKeys = SSHError.authenticationRefused(user: "ann", host: "box.lan:22", offered: ["password"], tried: []).description
        XCTAssertTrue(noKeys.contains("it takes no keys; attach asks for a password when the host's --auth includes password"), noKeys)
        let device = SSHError.authenticationRefused(user: "ann", host: "box.lan:22", offered: ["publickey"],
                                                    tried: ["device key"]).description
        XCTAssertTrue(device.contains("'drover key install HOST' does it"), device)
    }
}

/// Questions a prompt closure was asked (the closure may be called from the authenticating thread).
private final class AskedQuestions: @unchecked Sendable {
    private let lock = NSLock()
    private var questions: [String] = []
    func record(_ text: String) { lock.withLock { questions.append(text) } }
    var all: [String] { lock.withLock { questions } }
}
