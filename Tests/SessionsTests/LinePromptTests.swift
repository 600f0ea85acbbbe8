import XCTest
import SSH
import VT
@testable import Sessions

final class LinePromptTests: XCTestCase {
    private func feed(_ prompt: inout LinePrompt, _ events: [InputEvent]) {
        for event in events { prompt.handle(event) }
    }

    func testTypedAnswerIsSubmittedAndEnterAloneSubmitsEmptyText() {
        var p = LinePrompt(title: "t", lines: ["q"], echo: true)
        feed(&p, [.text("ye"), .key(.character("s"), []), .key(.enter, [])])
        XCTAssertEqual(p.submitted, "yes")

        var empty = LinePrompt(title: "t", lines: ["q"], echo: true)
        feed(&empty, [.key(.enter, [])])
        XCTAssertEqual(empty.submitted, "", "a login prompt takes an empty answer")
    }

    func testBackspaceEditsAndEscapeCancels() {
        var p = LinePrompt(title: "t", lines: ["q"], echo: true)
        feed(&p, [.text("yez"), .key(.backspace, []), .text("s"), .key(.escape, [])])
        XCTAssertTrue(p.cancelled)
        XCTAssertNil(p.submitted)
        p.handle(.key(.enter, []))
        XCTAssertNil(p.submitted, "nothing is taken after the prompt finished")
    }

    func testHiddenAnswerIsNeverDrawn() {
        var p = LinePrompt.authentication(SSHAuthPrompt(text: "Password: ", echo: false), host: "mac")
        feed(&p, [.text("s3cret")])
        XCTAssertFalse(p.overlay.lines.joined().contains("s3cret"))
        XCTAssertTrue(p.overlay.lines.contains("Password:"))
        feed(&p, [.text("\r")])
        XCTAssertEqual(p.submitted, "s3cret")
    }

    func testPastedNewlineDoesNotSubmitAndLengthIsBounded() {
        var p = LinePrompt(title: "t", lines: [], echo: true)
        p.handle(.paste("ab\ncd"))
        XCTAssertNil(p.submitted)
        XCTAssertEqual(p.typed, "abcd")
        p.handle(.paste(String(repeating: "x", count: 5000)))
        XCTAssertEqual(p.typed.count, LinePrompt.maximumLength)
    }
}
