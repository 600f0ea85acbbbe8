import XCTest
import VT
import Render
import History
@testable import Console
@testable import Loop

/// The view with fake ends: what it would write locally is fed into a second `Terminal`
/// (the "local terminal"), and what it would send to the remote is collected.
final class FrontViewTests: XCTestCase {
    final class Harness: FrontViewOwner {
        let loop: EventLoop
        let view: FrontView
        let local: Terminal
        var frames: [[UInt8]] = []
        var sent: [UInt8] = []
        /// What the owner's overlay says (asked per frame); set it, then `view.requestRender()`.
        var overlay: () -> Overlay? = { nil }
        /// The owner's side of the rule the attach run's `InputRouter` applies: history mode's
        /// view, else the remote.
        lazy var onInput: (InputEvent) -> Void = { [unowned self] event in
            if view.isInHistory { view.handleHistory(event) } else { view.forward(event) }
        }
        var copy: (String) -> String = { _ in "copied" }
        /// Whether the owner takes the keys now (a question, a prefix); set it, then `view.requestRender()`.
        var holds = false
        /// The view's remarks (`frontView(_:note:)`), in order.
        var notes: [String] = []
        var stopWhen: () -> Bool = { false }

        init(columns: Int = 20, rows: Int = 5, configure: (inout FrontView.Configuration) -> Void = { _ in }) throws {
            loop = try EventLoop()
            local = Terminal(columns: columns, rows: rows)
            var configuration = FrontView.Configuration(capabilities: ConsoleCapabilities())
            configure(&configuration)
            var sink: ((_ frame: [UInt8]) -> Void)?
            var sender: ((_ bytes: [UInt8]) -> Void)?
            view = FrontView(loop: loop, screen: HostScreen(terminal: Terminal(columns: columns, rows: rows)),
                              configuration: configuration,
                              sendToRemote: { sender?($0) }, writeLocal: { sink?($0) })
            sink = { [unowned self] bytes in
                frames.append(bytes)
                local.feed(bytes)
                if stopWhen() { loop.stop() }
            }
            sender = { [unowned self] bytes in
                sent += bytes
                if stopWhen() { loop.stop() }
            }
            view.owner = self
        }

        func frontView(_ view: FrontView, received event: InputEvent) { onInput(event) }
        func overlay(for view: FrontView) -> Overlay? { overlay() }
        func rewind(for view: FrontView) -> [SnapshotStore.Snapshot] { [] }
        func historyNote(for view: FrontView) -> String? { nil }
        func frontView(_ view: FrontView, copy text: String) -> String { copy(text) }
        func holdsKeys(for view: FrontView) -> Bool { holds }
        func frontView(_ view: FrontView, note text: String) { notes.append(text) }

        /// Runs the loop until `condition` holds (each write re-checks it).
        func run(until condition: @escaping () -> Bool, file: StaticString = #filePath, line: UInt = #line) throws {
            if condition() { return }
            stopWhen = condition
            // A condition that never comes fails the test instead of hanging the suite.
            let limit = loop.schedule(after: .seconds(30)) { [unowned self] in
                XCTFail("the awaited frame or write never came", file: file, line: line)
                loop.stop()
            }
            try loop.run()
            loop.cancel(limit)
            stopWhen = { false }
        }

        var lines: [String] {
            let frame = local.frame()
            return (0..<frame.rows).map { frame.rowText($0) }
        }
    }

    func testRemoteOutputIsRenderedAtTheEndOfTheRound() throws {
        let h = try Harness()
        h.view.receiveRemote(Array("hello\r\nworld".utf8))
        XCTAssertTrue(h.frames.isEmpty, "rendering waits for the next loop turn")
        try h.loop.runOnce()
        XCTAssertEqual(h.frames.count, 1)
        XCTAssertEqual(Array(h.lines.prefix(2)), ["hello", "world"])
        XCTAssertEqual(h.local.cursor.row, 1)
        XCTAssertEqual(h.local.cursor.column, 5)
    }

    func testBurstsAreCoalescedIntoOneFramePerInterval() throws {
        let h = try Harness { $0.frameInterval = .milliseconds(50) }
        h.view.receiveRemote(Array("a".utf8))
        try h.loop.runOnce()
        XCTAssertEqual(h.frames.count, 1)
        h.view.receiveRemote(Array("b".utf8))
        h.view.receiveRemote(Array("c".utf8))
        XCTAssertGreaterThan(h.loop.pollTimeout(now: .now), 0, "the next frame waits for the interval")
        try h.run { h.frames.count == 2 }
        XCTAssertEqual(h.frames.count, 2)
        XCTAssertEqual(h.lines[0], "abc")
    }

    func testSynchronizedUpdateIsDrawnWhenItEnds() throws {
        let h = try Harness { $0.synchronizedUpdateTimeout = .seconds(60) }
        h.view.receiveRemote(Array("\u{1B}[?2026hpartial".utf8))
        XCTAssertGreaterThan(h.loop.pollTimeout(now: .now), 1000, "no frame is due inside a synchronized update")
        h.view.receiveRemote(Array(" done\u{1B}[?2026l".utf8))
        try h.run { !h.frames.isEmpty }
        XCTAssertEqual(h.lines[0], "partial done")
    }

    func testSynchronizedUpdateThatNeverEndsIsDrawnAfterTheTimeout() throws {
        let h = try Harness { $0.synchronizedUpdateTimeout = .milliseconds(20) }
        h.view.receiveRemote(Array("\u{1B}[?2026hstuck".utf8))
        try h.run { !h.frames.isEmpty }
        XCTAssertEqual(h.lines[0], "stuck")
    }

    func testTerminalRepliesGoBackToTheRemote() throws {
        let h = try Harness()
        h.view.receiveRemote(Array("\u{1B}[6n".utf8))  // cursor position report
        XCTAssertEqual(String(decoding: h.sent, as: UTF8.self), "\u{1B}[1;1R")
    }

    func testTypedInputIsEncodedForTheRemote() throws {
        let h = try Harness()
        h.view.receiveLocal(Array("ls\r".utf8))
        XCTAssertEqual(h.sent, Array("ls\r".utf8))
    }

    func testLoneEscapeIsSentAfterTheTimeout() throws {
        let h = try Harness { $0.inputWaits.escape = .milliseconds(5) }
        h.view.receiveLocal([0x1B])
        XCTAssertTrue(h.sent.isEmpty)
        try h.run { !h.sent.isEmpty }
        XCTAssertEqual(h.sent, [0x1B])
    }

    func testOverlayIsDrawnAndRemovedWithoutDisturbingTheRemoteScreen() throws {
        let h = try Harness()
        h.view.receiveRemote(Array("one\r\ntwo\r\nthree\r\nfour\r\nfive".utf8))
        try h.loop.runOnce()
        h.overlay = { .status("connecting…") }
        h.view.requestRender()
        try h.run { h.frames.count == 2 }
        XCTAssertEqual(h.lines, ["one", "two", "three", "four", "connecting…"])
        h.overlay = { nil }
        h.view.requestRender()
        try h.run { h.frames.count == 3 }
        XCTAssertEqual(h.lines, ["one", "two", "three", "four", "five"])
    }

    func testTheOverlayIsAskedForWhenTheFrameIsDrawn() throws {
        let h = try Harness(columns: 70, rows: 12)
        var asked = 0
        h.overlay = { asked += 1; return .status("reconnecting in \(asked) s") }
        h.view.requestRender()
        h.view.requestRender()
        XCTAssertEqual(asked, 0, "nothing is computed before the frame")
        try h.run { !h.frames.isEmpty }
        XCTAssertEqual(asked, 1, "one frame, one question")
        XCTAssertEqual(h.lines.last, "reconnecting in 1 s")
    }

    func testResizeRedrawsEverythingAtTheNewSize() throws {
        let h = try Harness()
        h.view.receiveRemote(Array("abc".utf8))
        try h.loop.runOnce()
        h.view.resize(columns: 30, rows: 6)
        XCTAssertEqual(h.view.terminal.columns, 30)
        try h.run { h.frames.count == 2 }
        XCTAssertTrue(String(decoding: h.frames[1], as: UTF8.self).contains("\u{1B}[2J"), "a full redraw clears first")
    }

    func testTheOwnerGetsEveryDecodedEventAndForwardsWhatIsTheRemotes() throws {
        let h = try Harness()
        var events: [InputEvent] = []
        h.onInput = { event in
            events.append(event)
            if case .text("s") = event { h.view.forward(event) }
        }
        h.view.receiveLocal([0x1D] + Array("y".utf8))
        h.view.receiveLocal(Array("s".utf8))
        XCTAssertEqual(events, [.key(.character("]"), .control), .text("y"), .text("s")])
        XCTAssertEqual(h.sent, Array("s".utf8), "only what the owner forwarded reaches the remote")
    }

    /// Frames from a live emulator diffed with row versions (the view's fast path) must still
    /// reproduce the screen exactly, through scrolling, erasing and screen switches.
    func testRowVersionFastPathFollowsARealScreen() throws {
        for seed in 1...4 { try checkRowVersionFastPath(seed: UInt64(seed)) }
    }

    private func checkRowVersionFastPath(seed: UInt64) throws {
        let h = try Harness(columns: 16, rows: 6)
        var random = LinearCongruential(state: seed)
        let pieces = ["text ", "\r\n", "\u{1B}[2J", "\u{1B}[H", "\u{1B}[3;4H", "\u{1B}[K", "\u{1B}[31mred\u{1B}[m",
                      "\u{1B}[2;5r\u{1B}[5H\n\n\u{1B}[r", "\u{1B}[?1049h", "\u{1B}[?1049l", "\u{1B}[2L", "\u{1B}[M",
                      "あい", "\u{1B}[4P", "\u{1B}M", "e\u{301}", "\u{1B}]8;;https://x.example/\u{1B}\\link\u{1B}]8;;\u{1B}\\"]
        for step in 0..<300 {
            var chunk = ""
            for _ in 0..<Int.random(in: 1...6, using: &random) { chunk += pieces.randomElement(using: &random)! }
            h.view.receiveRemote(Array(chunk.utf8))
            h.view.renderNow()
            let want = h.view.terminal.frame()
            let got = h.local.frame()
            for row in 0..<want.rows {
                XCTAssertEqual(got.rowText(row), want.rowText(row), "seed \(seed) step \(step) row \(row) after \(chunk.debugDescription)")
                if got.rowText(row) != want.rowText(row) { return }
            }
            XCTAssertEqual(h.local.cursor.row, h.view.terminal.cursor.row, "step \(step)")
            XCTAssertEqual(h.local.cursor.column, min(h.view.terminal.cursor.column, 15), "step \(step)")
        }
    }
}

/// A deterministic generator so a failing sequence can be replayed.
struct LinearCongruential: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state ^ (state >> 29)
    }
}
