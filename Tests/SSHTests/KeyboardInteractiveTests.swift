import Foundation
import XCTest
import SSH
import TestSupport

/// Keyboard-interactive through PAM: the server's questions reach the prompt closure and the
/// answers reach the server (here a wrong one, for an account whose password is locked).
final class KeyboardInteractiveTests: XCTestCase {
    func testServerQuestionsReachThePromptAndWrongAnswerIsRefused() throws {
        let fixture = try SSHFixture(extraConfig: ["UsePAM yes", "KbdInteractiveAuthentication yes",
                                                   "PasswordAuthentication no"])
        defer { fixture.tearDown() }
        let session = try SSHSession.connect(to: fixture.endpoint)
        try session.verifyHostKey { _ in }
        var asked: [SSHAuthPrompt] = []
        let credentials = SSHCredentials(prompt: { prompt in
            asked.append(prompt)
            return "wrong-answer"
        })
        XCTAssertThrowsError(try session.authenticate(credentials)) { error in
            guard case let .authenticationRefused(_, _, offered, tried)? = error as? SSHError else { return XCTFail("\(error)") }
            XCTAssertTrue(offered.contains("keyboard-interactive"), "\(offered)")
            XCTAssertFalse(offered.contains("password"), "\(offered)")
            XCTAssertEqual(tried, ["keyboard-interactive"])
        }
        XCTAssertFalse(asked.isEmpty, "PAM's question reached the prompt")
        XCTAssertTrue(asked.allSatisfy { $0.text.lowercased().contains("password") && !$0.echo }, "\(asked)")
    }

    /// Behind a jump host the session's callbacks reach its tunnel through the same pointer the
    /// keyboard-interactive callback needs (`SessionHooks`): the questions still arrive, and the
    /// session still talks to the server after the refused round.
    func testServerQuestionsReachThePromptThroughAJumpHost() throws {
        let jump = try SSHFixture()
        defer { jump.tearDown() }
        let fixture = try SSHFixture(extraConfig: ["UsePAM yes", "KbdInteractiveAuthentication yes",
                                                   "PasswordAuthentication no"])
        defer { fixture.tearDown() }
        let first = try jump.session()
        let session = try first.connectThrough(to: fixture.endpoint)
        try session.verifyHostKey { _ in }
        var asked: [SSHAuthPrompt] = []
        let credentials = SSHCredentials(privateKeys: [try fixture.strangerKey()], prompt: { prompt in
            asked.append(prompt)
            return "wrong-answer"
        }, order: [.prompt, .privateKeys])
        XCTAssertThrowsError(try session.authenticate(credentials)) { error in
            guard case let .authenticationRefused(_, _, _, tried)? = error as? SSHError else { return XCTFail("\(error)") }
            XCTAssertEqual(tried, ["keyboard-interactive", "device key"], "the key went out after the round")
        }
        XCTAssertFalse(asked.isEmpty, "PAM's question reached the prompt")
    }
}
