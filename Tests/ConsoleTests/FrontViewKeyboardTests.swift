import XCTest
import VT
@testable import Console

/// The local terminal's keyboard mode follows the host in front: pushed when it asks for more
/// than legacy keys, popped exactly when it stops, on a host switch and in history mode; keys
/// come back in either extended form and go to the host in its own.
final class FrontViewKeyboardTests: XCTestCase {
    private let esc = "\u{1B}"
    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// A harness whose probe has been sent and answered with `answer`.
    private func harness(answer: String) throws -> (FrontViewTests.Harness, Box) {
        let h = try FrontViewTests.Harness()
        let box = Box()
        h.view.keyboardMirror.keep(in: box)
        h.view.startKeyboardProbe()
        try h.run { !h.frames.isEmpty }
        XCTAssertTrue(h.frames[0].starts(with: ConsoleSequences.keyboardProbe), "the probe goes out with the first frame")
        h.view.receiveLocal(bytes(answer))
        XCTAssertNotEqual(h.view.localKeyboard.support, .unknown)
        return (h, box)
    }

    /// Stands in for the console session: keeps every undo it is told.
    final class Box: LocalKeyboardKeeper {
        var undos: [[UInt8]] = []
        var keyboardUndo: [UInt8] {
            get { undos.last ?? [] }
            set { undos.append(newValue) }
        }
        var awaitsProbeAnswer = false
    }

    private func lastFrameStarts(_ h: FrontViewTests.Harness, with text: String) throws {
        let count = h.frames.count
        try h.run { h.frames.count > count }
        XCTAssertTrue(h.frames.last!.starts(with: bytes(text)), String(decoding: h.frames.last!, as: UTF8.self).debugDescription)
    }

    func testKittyLocalTerminalFollowsTheHostAndDrivesAModifyOtherKeysHost() throws {
        let (h, box) = try harness(answer: "\(esc)[?0u\(esc)[?62;22c")
        XCTAssertEqual(h.view.localKeyboard.support, .kitty)
        h.view.receiveRemote(bytes("\(esc)[>1u"))
        try lastFrameStarts(h, with: "\(esc)[>1u")
        XCTAssertEqual(box.undos.last, bytes("\(esc)[<1u"), "the session learns what pops it")

        h.view.receiveLocal(bytes("\(esc)[13;2u"))
        XCTAssertEqual(h.sent, bytes("\(esc)[13;2u"))
        h.sent = []
        h.view.receiveRemote(bytes("\(esc)[<u\(esc)[>4;2m"))
        h.view.receiveLocal(bytes("\(esc)[13;2u"))
        XCTAssertEqual(h.sent, bytes("\(esc)[27;2;13~"), "kitty's Shift+Enter reaches a modifyOtherKeys host in its form")
        XCTAssertEqual(h.view.localKeyboard.mode, .kittyFlags(1), "still wanted: nothing popped or pushed again")

        h.view.receiveRemote(bytes("\(esc)[>4;0m"))
        try lastFrameStarts(h, with: "\(esc)[<1u")
        XCTAssertEqual(box.undos.last, [])
        XCTAssertTrue(h.notes.isEmpty, "a terminal with a protocol gets no note")
    }

    func testXtermFormDrivesAKittyHost() throws {
        let (h, _) = try harness(answer: "\(esc)[>4;0m\(esc)[?64;1c")
        XCTAssertEqual(h.view.localKeyboard.support, .modifyOtherKeys(previous: 0))
        h.view.receiveRemote(bytes("\(esc)[>1u"))
        try lastFrameStarts(h, with: "\(esc)[>4;2m")
        h.view.receiveLocal(bytes("\(esc)[27;5;105~\(esc)[27;2;13~"))
        XCTAssertEqual(h.sent, bytes("\(esc)[105;5u\(esc)[13;2u"))
    }

    func testHistoryModeAndAHostSwitchPop() throws {
        let (h, box) = try harness(answer: "\(esc)[?0u\(esc)[?62c")
        h.view.receiveRemote(bytes("\(esc)[>5u"))
        try lastFrameStarts(h, with: "\(esc)[>5u")
        h.view.enterHistory()   // what the owner does for prefix [ (InputRouter)
        XCTAssertTrue(h.view.isInHistory)
        try lastFrameStarts(h, with: "\(esc)[<1u")
        h.view.leaveHistory()
        try lastFrameStarts(h, with: "\(esc)[>5u")
        h.view.show(HostScreen(terminal: Terminal(columns: 20, rows: 5)))
        try lastFrameStarts(h, with: "\(esc)[<1u")
        XCTAssertEqual(box.undos, [bytes("\(esc)[<1u"), [], bytes("\(esc)[<1u"), []])
    }

    /// While Drover takes the keys (a pressed prefix, a question, the picker, the help box), the
    /// local terminal's mode is given back, and turned on again after.
    func testTheModeIsGivenBackWhileTheOwnerTakesTheKeys() throws {
        let (h, box) = try harness(answer: "\(esc)[?0u\(esc)[?62c")
        h.view.receiveRemote(bytes("\(esc)[>1u"))
        try lastFrameStarts(h, with: "\(esc)[>1u")
        h.holds = true
        h.view.requestRender()
        try lastFrameStarts(h, with: "\(esc)[<1u")
        h.holds = false
        h.view.requestRender()
        try lastFrameStarts(h, with: "\(esc)[>1u")
        XCTAssertEqual(box.undos, [bytes("\(esc)[<1u"), [], bytes("\(esc)[<1u")])
    }

    /// Keys that only look like the start of a terminal's answer (Alt+[ then <) wait longer
    /// for its end, then go to the host as keys: nothing waits for the next key.
    func testWhatOnlyLooksLikeAnAnswerGoesOutAsKeys() throws {
        let h = try FrontViewTests.Harness()
        h.view.receiveLocal(bytes("\(esc)[<"))
        XCTAssertTrue(h.sent.isEmpty, "an answer's start waits for its end")
        try h.run { !h.sent.isEmpty }
        XCTAssertEqual(h.sent, bytes("\(esc)[<"), "then it is the keys it was")
    }

    func testATerminalWithoutAProtocolIsToldOnceAndTheBoundSettlesASilentOne() throws {
        let h = try FrontViewTests.Harness { $0.inputWaits.keyboardProbe = .milliseconds(1) }
        h.view.startKeyboardProbe()
        while h.view.localKeyboard.support == .unknown { try h.loop.runOnce() }
        XCTAssertEqual(h.view.localKeyboard.support, LocalKeyboard.Support.none)
        h.view.receiveRemote(bytes("\(esc)[>1u"))
        try lastFrameStarts(h, with: "\(esc)[>4;2m")
        h.view.receiveRemote(bytes("\(esc)[<u"))
        try lastFrameStarts(h, with: "\(esc)[>4m")
        h.view.receiveRemote(bytes("\(esc)[>1u"))
        try lastFrameStarts(h, with: "\(esc)[>4;2m")
        XCTAssertEqual(h.notes.count, 1, "\(h.notes)")
        XCTAssertTrue(h.notes[0].hasPrefix("for Shift+Enter type ctrl+] Enter"), h.notes[0])
        h.sent = []
        h.view.forward(PrefixKeyHandler.shiftEnter)   // what the router forwards for prefix Enter
        XCTAssertEqual(h.sent, bytes("\(esc)[13;2u"), "prefix Enter is Shift+Enter in the host's mode")
    }

    func testTheLocalPushFollowsTheHostsFlagsAndReleasesReachIt() throws {
        let (h, box) = try harness(answer: "\(esc)[?0u\(esc)[?62c")
        h.view.receiveRemote(bytes("\(esc)[>15u"))
        try lastFrameStarts(h, with: "\(esc)[>31u")   // event types: with all keys as escapes and text
        h.view.receiveLocal(bytes("\(esc)[57441;2u\(esc)[97:65;2:2u\(esc)[97:65;2:3u\(esc)[57441;1:3u"))
        XCTAssertEqual(h.sent, bytes("\(esc)[57441;2u\(esc)[97:65;2:2u\(esc)[97:65;2:3u\(esc)[57441;1:3u"),
                       "Shift alone, a repeat and the releases reach a flag-15 host as they came")
        h.view.receiveRemote(bytes("\(esc)[>1u"))
        try lastFrameStarts(h, with: "\(esc)[=1;1u")
        h.view.receiveRemote(bytes("\(esc)[<u"))
        try lastFrameStarts(h, with: "\(esc)[=31;1u")
        h.view.enterHistory()
        try lastFrameStarts(h, with: "\(esc)[<1u")
        XCTAssertEqual(box.undos.last, [], "one pop undid the push and both replacements")
        XCTAssertEqual(Set(box.undos.dropLast()), [bytes("\(esc)[<1u")])
    }
}
