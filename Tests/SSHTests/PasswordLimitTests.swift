import Foundation
import SSH
import TestSupport
import XCTest

/// sshd ends the login once MaxAuthTries refusals are spent, refused passwords included (its
/// DEBUG log says "maximum authentication attempts exceeded"): Drover names that a refused
/// login, not a lost connection ("Waiting for password response").
final class PasswordLimitTests: XCTestCase {
    private var fixture: SSHFixture!

    override func setUpWithError() throws { fixture = try SSHFixture(extraConfig: ["MaxAuthTries 2"]) }
    override func tearDown() { fixture.tearDown() }

    func testWrongPasswordsPastMaxAuthTriesAreARefusedLogin() throws {
        let session = try SSHSession.connect(to: fixture.endpoint)
        try session.verifyHostKey { _ in }
        var asked = 0
        var credentials = SSHCredentials(prompt: { _ in
            asked += 1
            return "not-the-password-\(asked)"
        }, order: [.prompt])
        credentials.promptTries = 3
        XCTAssertThrowsError(try session.authenticate(credentials)) { error in
            guard case let .authenticationRefused(user, _, offered, tried)? = error as? SSHError else { return XCTFail("\(error)") }
            XCTAssertEqual(user, fixture.user)
            XCTAssertTrue(offered.contains("password"), "\(offered)")
            XCTAssertEqual(tried, ["password"])
            XCTAssertFalse("\(error)".contains("connection was lost"), "\(error)")
        }
        XCTAssertEqual(asked, 2, "sshd hung up after the second refusal (MaxAuthTries 2)")
        XCTAssertTrue(fixture.sshd.waitForLog { $0.contains("maximum authentication attempts exceeded") }, fixture.sshd.log)
    }
}
