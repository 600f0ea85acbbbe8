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
}
