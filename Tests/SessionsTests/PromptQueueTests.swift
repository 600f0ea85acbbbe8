import XCTest
import VT
@testable import Sessions

/// The question queue of an attach run (who owns the input: `InputRouterTests`).
final class PromptQueueTests: XCTestCase {
    /// Answers given through `reply`, by the question's title.
    private var replies: [(String, String?)] = []

    private func question(_ title: String, host: Int = 0, generation: UInt64 = 1) -> PromptQueue.Question {
        PromptQueue.Question(host: host, generation: generation, prompt: LinePrompt(title: title, lines: ["?"], echo: true),
                             reply: { [unowned self] answer in replies.append((title, answer)) })
    }

    func testQuestionsAreShownOneAtATimeInTheOrderTheyCame() {
        var queue = PromptQueue()
        XCTAssertTrue(queue.append(question("first")), "the first question is shown at once")
        XCTAssertFalse(queue.append(question("second")), "the second waits behind it")
        XCTAssertEqual(queue.shown?.title, "first")

        XCTAssertNil(queue.handle(.text("yes")), "typing does not finish the question")
        let answered = queue.handle(.key(.enter, []))
        XCTAssertEqual(answered?.prompt.title, "first")
        XCTAssertEqual(answered?.prompt.submitted, "yes")
        XCTAssertEqual(queue.shown?.title, "second")
        XCTAssertTrue(replies.isEmpty, "the queue hands questions back; it never replies itself")
    }

    func testACancelledQuestionLeavesTheQueueWithoutAnAnswer() {
        var queue = PromptQueue()
        _ = queue.append(question("login"))
        let cancelled = queue.handle(.key(.escape, []))
        XCTAssertEqual(cancelled?.prompt.title, "login")
        XCTAssertNil(cancelled?.prompt.submitted)
        XCTAssertTrue(queue.isEmpty)
        XCTAssertNil(queue.handle(.text("x")), "with nothing asked, an event finishes nothing")
    }

    /// A host that reconnected (or gave up) since it asked has a newer attempt: its old
    /// question is dropped before the next one is shown, and only from the front of the queue.
    func testStaleQuestionsAtTheFrontAreRemovedForTheCallerToDecline() {
        var queue = PromptQueue()
        _ = queue.append(question("old mac", host: 0, generation: 1))
        _ = queue.append(question("pi", host: 1, generation: 4))
        _ = queue.append(question("stale behind", host: 0, generation: 1))
        let current: [Int: UInt64] = [0: 2, 1: 4]
        let stale = queue.removeStaleHead(currentGeneration: { current[$0] ?? 0 })
        XCTAssertEqual(stale.map(\.prompt.title), ["old mac"])
        XCTAssertEqual(queue.shown?.title, "pi")
        XCTAssertEqual(queue.removeAll().map(\.prompt.title), ["pi", "stale behind"])
        XCTAssertTrue(queue.isEmpty)
    }
}
