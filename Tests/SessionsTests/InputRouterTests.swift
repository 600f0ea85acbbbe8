import XCTest
import Console
import VT
@testable import Sessions

/// The input router alone, without a loop or sshd: events are fed and the test asserts who got
/// them. The attach tests (`AttachPrefixKeyTests`, `AttachTrustTests`, `AttachMultiHostTests`,
/// `AttachHistoryTests`, `AttachPasteCancelTests`) show the same rule end to end.
final class InputRouterTests: XCTestCase {
    let prefix = InputEvent.key(.character("]"), .control)
    private var answers: [String?] = []

    func question(_ title: String = "trust?") -> PromptQueue.Question {
        PromptQueue.Question(host: 0, generation: 1, prompt: LinePrompt(title: title, lines: ["?"], echo: true),
                             reply: { [unowned self] in answers.append($0) })
    }

    /// Who got each delivery, in a word (`Delivery` carries closures, so it is not Equatable).
    func who(_ deliveries: [InputRouter.Delivery]) -> [String] {
        deliveries.map { delivery in
            switch delivery {
            case .question(let finished): return finished.map { "answered \($0.prompt.submitted ?? "nil")" } ?? "question"
            case .picker(let result): return result.map { "picker \($0)" } ?? "picker"
            case .paste(let text): return "paste \(text)"
            case .cancelPaste: return "cancel paste"
            case .command(let command): return "command \(command)"
            case .closedHelp: return "closed help"
            case .history(let event): return "history \(event)"
            case .frontHost(let event): return "host \(event)"
            case .dropped: return "dropped"
            }
        }
    }

    func testKeysGoToTheFrontHostAndTheDoubledPrefixIsSentAsAKey() {
        var router = InputRouter()
        XCTAssertEqual(who(router.route(.text("ls"))), ["host text(\"ls\")"])
        XCTAssertEqual(who(router.route(prefix)), [], "the prefix waits for its command")
        XCTAssertEqual(who(router.route(prefix)), ["host \(prefix)"])
        XCTAssertEqual(who(router.route(prefix) + router.route(.text("d"))), ["command detach"])
    }

    func testAQuestionTakesEveryKeyPrefixIncludedAndClosesThePickerAndHelp() {
        var router = InputRouter()
        router.openPicker(count: 2, selection: 0)
        XCTAssertTrue(router.ask(question()))
        XCTAssertFalse(router.pickerOpen, "a question closes the picker")
        XCTAssertEqual(who(router.route(prefix)), ["question"], "the prefix key is the question's")
        XCTAssertEqual(who(router.route(.text("yes"))), ["question"])
        XCTAssertEqual(who(router.route(.key(.enter, []))), ["answered yes"])
        XCTAssertTrue(answers.isEmpty, "the router hands the question back; the run answers it")
        XCTAssertFalse(router.questionWaiting)
        XCTAssertEqual(who(router.route(.text("x"))), ["host text(\"x\")"])
    }

    func testThePickerTakesKeysUntilAHostIsPickedOrItIsCancelled() {
        var router = InputRouter()
        router.openPicker(count: 3, selection: 0)
        XCTAssertEqual(who(router.route(.key(.down, []))), ["picker"])
        XCTAssertEqual(who(router.route(.key(.enter, []))), ["picker picked(1)"])
        XCTAssertFalse(router.pickerOpen)
        router.openPicker(count: 3, selection: 0)
        XCTAssertEqual(who(router.route(.key(.escape, []))), ["picker cancelled"])
        XCTAssertEqual(who(router.route(.text("2"))), ["host text(\"2\")"])
    }

    func testThePickerDoesNotOpenWhileAQuestionWaits() {
        var router = InputRouter()
        _ = router.ask(question())
        router.openPicker(count: 2, selection: 0)
        XCTAssertFalse(router.pickerOpen)
    }

    func testDroverHoldsTheKeysWhileAPrefixHelpOrPickerIsOpen() {
        var router = InputRouter()
        XCTAssertFalse(router.holdsKeys)
        _ = router.route(prefix)
        XCTAssertTrue(router.holdsKeys, "a pressed prefix waits for its command")
        _ = router.route(.text("?"))
        XCTAssertTrue(router.holdsKeys, "the help box is open")
        _ = router.route(.text("x"))
        XCTAssertFalse(router.holdsKeys)
        router.openPicker(count: 2, selection: 0)
        XCTAssertTrue(router.holdsKeys)
    }

    func testPrefixThenEnterForwardsShiftEnter() {
        var router = InputRouter()
        XCTAssertEqual(who(router.route(prefix) + router.route(.key(.enter, []))), ["host \(PrefixKeyHandler.shiftEnter)"])
    }

    /// The `?` box shows every line of the key list, then history mode's keys.
    func testTheHelpBoxListsEveryKey() {
        let lines = InputRouter.helpBox.lines
        XCTAssertEqual(Array(lines.prefix(PrefixKeyHandler.helpLines.count)), PrefixKeyHandler.helpLines)
        XCTAssertTrue(lines.contains("In history mode (\(PrefixKeyHandler.keys(for: .history))):"), "\(lines)")
    }

    func testTheHelpBoxIsShownAndTheNextKeyClosesItWithoutReachingTheHost() {
        var router = InputRouter()
        XCTAssertNil(router.overlay { _ in .status("picker") })
        XCTAssertEqual(who(router.route(prefix) + router.route(.text("?"))), ["command help"])
        XCTAssertEqual(router.overlay { _ in .status("picker") }, InputRouter.helpBox)
        XCTAssertEqual(who(router.route(.mouse(MouseEvent(button: .left, action: .press, column: 1, row: 1)))),
                       ["dropped"], "a click on the box neither closes it nor reaches the host")
        XCTAssertEqual(who(router.route(.text("x"))), ["closed help"])
        XCTAssertNil(router.overlay { _ in .status("picker") })
        XCTAssertEqual(who(router.route(.text("x"))), ["host text(\"x\")"])
    }

    func testHistoryModeGetsTheKeysAndPageUpAfterThePrefixEntersIt() {
        var router = InputRouter()
        XCTAssertEqual(who(router.route(prefix) + router.route(.key(.pageUp, []))), ["command history"])
        let inHistory = InputRouter.Context(inHistory: true)
        XCTAssertEqual(who(router.route(.text("k"), inHistory)), ["history text(\"k\")"])
        XCTAssertEqual(who(router.route(.paste("needle"), inHistory)), ["history paste(\"needle\")"],
                       "a paste in history mode is the search prompt's, never the paste code's")
    }

    /// Pastes go to the paste code only while nothing of Drover's is pending; Escape cancels a
    /// paste being prepared, and is an ordinary key otherwise.
    func testPastesGoToThePasteCodeAndEscapeCancelsAPasteInProgress() {
        var router = InputRouter()
        XCTAssertEqual(who(router.route(.paste("/tmp/a.png"))), ["paste /tmp/a.png"])
        XCTAssertEqual(who(router.route(prefix) + router.route(.paste("p"))), ["host paste(\"p\")"],
                       "after the prefix, a paste is not the paste code's")
        let busy = InputRouter.Context(pasteInProgress: true)
        XCTAssertEqual(who(router.route(.key(.escape, []), busy)), ["cancel paste"])
        XCTAssertEqual(who(router.route(.key(.escape, []))), ["host \(InputEvent.key(.escape, []))"])
    }

    func testSwitchingHostsDropsAPendingPrefixAndTheHelpBox() {
        var router = InputRouter()
        _ = router.route(prefix) + router.route(.text("?"))
        _ = router.route(prefix)
        router.hostSwitched()
        XCTAssertNil(router.overlay { _ in .status("picker") })
        XCTAssertEqual(who(router.route(.text("d"))), ["host text(\"d\")"], "the d after the switch is not a detach")
    }

    func testReleasesReachOnlyTheHost() {
        var router = InputRouter()
        let release = InputEvent.keyEvent(KeyEvent(.character("a"), type: .release))
        XCTAssertEqual(who(router.route(release)), ["host \(release)"])
        XCTAssertEqual(who(router.route(release, InputRouter.Context(inHistory: true))), ["dropped"],
                       "history mode reads presses")
        _ = router.route(prefix) + router.route(.text("?"))
        XCTAssertEqual(who(router.route(release)), ["host \(release)"], "a release does not close the help box")
        XCTAssertEqual(who(router.route(.keyEvent(KeyEvent(.character("a"), type: .repeat)))), ["closed help"])
    }
}
