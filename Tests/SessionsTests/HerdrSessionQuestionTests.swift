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
        let lines = question.prompt().lines
        XCTAssertEqual(question.prompt().title, "Session on mac")
        XCTAssertEqual(Array(lines.prefix(3)), ["mac's herdr sessions:", "  1  default  (default, running)", "  2  work  (stopped)"])
        XCTAssertTrue(lines.last!.contains("Enter opens herdr's default session"), lines.last!)
        XCTAssertTrue(lines.last!.contains("a listed name wins over a number"), lines.last!)
        XCTAssertEqual(question.choice(for: ""), .defaultSession, "Enter: herdr's default")
        XCTAssertEqual(question.choice(for: "1"), .defaultSession, "the default session by number is herdr's default")
        XCTAssertEqual(question.choice(for: " default "), .defaultSession)
        XCTAssertEqual(question.choice(for: "2"), .named("work"))
        XCTAssertEqual(question.choice(for: "work"), .named("work"))
        XCTAssertEqual(question.choice(for: "new-one"), .named("new-one"), "a new name starts a session")
    }

    /// A mistyped number starts no session called "3": it is refused with a hint, and the
    /// question is asked again with the hint under it.
    func testANumberPastTheListIsRefusedWithAHint() {
        let question = HerdrSessionQuestion(host: "mac", listed: .success(listed))
        for typed in ["3", "0", "99999999999999999999"] {
            guard case .again(let hint) = question.choice(for: typed) else {
                return XCTFail("\(typed) was taken: \(question.choice(for: typed))")
            }
            XCTAssertTrue(hint.hasSuffix("is listed: type 1 to 2, or a session's name."), hint)
            XCTAssertEqual(question.prompt(hint: hint).lines.last, hint)
        }
    }

    /// A session whose name is digits is picked by that name, before any number.
    func testASessionNamedWithDigitsIsPickedByItsName() {
        let digits = HerdrSessionList(sessions: [
            .init(name: "default", running: true, default: true), .init(name: "work", running: true, default: false),
            .init(name: "2", running: true, default: false), .init(name: "7", running: true, default: false),
        ])
        let question = HerdrSessionQuestion(host: "mac", listed: .success(digits))
        XCTAssertEqual(question.choice(for: "2"), .named("2"), "the name wins over number 2 (work)")
        XCTAssertEqual(question.choice(for: "7"), .named("7"), "a name past the numbered range")
        XCTAssertEqual(question.choice(for: "4"), .named("7"), "number 4 is the fourth listed")
        XCTAssertEqual(question.choice(for: "work"), .named("work"))
    }

    func testAFailedListSaysWhyAndStillTakesAName() {
        let question = HerdrSessionQuestion(host: "mac", listed: .failure(HostLookup.Failure(description: "herdr was not found there")))
        XCTAssertEqual(question.prompt().lines.first, "mac's herdr sessions could not be listed: herdr was not found there")
        XCTAssertTrue(question.prompt().lines.last!.hasPrefix("Type a session name to start one"), question.prompt().lines.last!)
        XCTAssertEqual(question.choice(for: "1"), .named("1"), "nothing is numbered: digits are a name")
        XCTAssertEqual(question.choice(for: ""), .defaultSession)
    }

    /// A hostile host's very long session name is cut for display.
    func testAVeryLongNameIsCutForDisplay() {
        let long = String(repeating: "n", count: 5000)
        let question = HerdrSessionQuestion(host: "mac", listed: .success(HerdrSessionList(sessions: [
            .init(name: long, running: true, default: false),
        ])))
        let line = question.prompt().lines[1]
        XCTAssertEqual(line, "  1  " + String(repeating: "n", count: 39) + "…  (running)")
        XCTAssertEqual(question.choice(for: "1"), .named(long), "the pick is still the whole name")
    }
}
