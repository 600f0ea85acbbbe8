import Hosts
import XCTest
@testable import Sessions

/// The `ctrl+] o` session question: herdr's list by number, names, a new name, herdr's default.
final class HerdrSessionQuestionTests: XCTestCase {
    private let listed = HerdrSessionList(sessions: [
        .init(name: "default", running: true, default: true), .init(name: "work", running: false, default: false),
    ])

    func testTheListIsNumberedAndAnAnswerPicksByNumberOrName() {
        let question = HerdrSessionQuestion(host: "mac", listed: .success(listed))
        let lines = question.prompt.lines
        XCTAssertEqual(question.prompt.title, "Session on mac")
        XCTAssertEqual(Array(lines.prefix(3)), ["mac's herdr sessions:", "  1  default  (default, running)", "  2  work  (stopped)"])
        XCTAssertTrue(lines.last!.contains("Enter opens herdr's default session"), lines.last!)
        XCTAssertNil(question.session(for: ""), "Enter: herdr's default")
        XCTAssertNil(question.session(for: "1"), "the default session by number is herdr's default")
        XCTAssertNil(question.session(for: " default "))
        XCTAssertEqual(question.session(for: "2"), "work")
        XCTAssertEqual(question.session(for: "work"), "work")
        XCTAssertEqual(question.session(for: "new-one"), "new-one", "a new name starts a session")
        XCTAssertEqual(question.session(for: "3"), "3", "a number past the list is a name")
    }

    func testAFailedListSaysWhyAndStillTakesAName() {
        let question = HerdrSessionQuestion(host: "mac", listed: .failure(HostLookup.Failure(description: "herdr was not found there")))
        XCTAssertEqual(question.prompt.lines.first, "mac's herdr sessions could not be listed: herdr was not found there")
        XCTAssertTrue(question.prompt.lines.last!.hasPrefix("Type a session name to start one"), question.prompt.lines.last!)
        XCTAssertEqual(question.session(for: "1"), "1")
        XCTAssertNil(question.session(for: ""))
    }
}
