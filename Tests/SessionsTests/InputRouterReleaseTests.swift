import XCTest
import Console
import VT
@testable import Sessions

/// Under kitty's event types a key's release goes where its press went: a press a question, the
/// picker, the help box or a command took is Drover's, and its release must not reach the host,
/// not even the host a command or the picker brought to the front.
extension InputRouterTests {
    private func release(_ key: Key) -> InputEvent { .keyEvent(KeyEvent(key, type: .release)) }

    func testTheReleaseOfTheCommandThatSwitchedHostsDoesNotReachTheNewHost() {
        var router = InputRouter()
        XCTAssertEqual(who(router.route(prefix) + router.route(.text("n"))), ["command nextHost"])
        router.hostSwitched()
        XCTAssertEqual(who(router.route(release(.character("n")))), [])
        XCTAssertEqual(who(router.route(release(.character("]")))), [], "nor the prefix's")
        XCTAssertEqual(who(router.route(release(.character("x")))), ["host \(release(.character("x")))"])
    }

    func testThePickersAndTheQuestionsKeysAreReleasedToNobody() {
        // (A release the router gives nobody is an empty delivery list.)
        var router = InputRouter()
        router.openPicker(count: 2, selection: 0)
        XCTAssertEqual(who(router.route(.key(.enter, []))), ["picker picked(0)"])
        XCTAssertEqual(who(router.route(release(.enter))), [], "Enter picked the host")
        XCTAssertTrue(router.ask(question()))
        XCTAssertEqual(who(router.route(.text("y")) + router.route(.key(.enter, []))), ["question", "answered y"])
        XCTAssertEqual(who(router.route(release(.character("y"))) + router.route(release(.enter))), [])
    }

    func testTheKeyThatClosedHelpIsReleasedToNobodyAndOtherKeysToTheHost() {
        var router = InputRouter()
        let ctrlUp = release(.modifier(.leftControl))
        XCTAssertEqual(who(router.route(prefix) + router.route(ctrlUp) + router.route(.text("?"))),
                       ["host \(ctrlUp)", "command help"], "Ctrl's press went to the host before the prefix")
        XCTAssertEqual(who(router.route(.text("a")) + router.route(release(.character("a")))), ["closed help"])
    }
}
