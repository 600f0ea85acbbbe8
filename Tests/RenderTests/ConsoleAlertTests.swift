import XCTest
import VT
@testable import Render

/// The bell, clipboard and notification sequences the renderer writes for the person: fresh
/// sequences (no remote byte passes), sanitised text, written after a frame even when the
/// screen did not change.
final class ConsoleAlertTests: XCTestCase {
    private func text(_ signal: ConsoleAlert, _ style: ConsoleAlert.NotificationStyle = .osc777) -> String {
        String(decoding: signal.encoded(style: style), as: UTF8.self)
    }

    func testTheBellIsOneByte() {
        XCTAssertEqual(ConsoleAlert.bell.encoded(style: .osc777), [0x07])
    }

    func testClipboardTextIsBase64InAFreshOSC52() {
        XCTAssertEqual(text(.clipboard(Array("hello".utf8))), "\u{1B}]52;c;aGVsbG8=\u{1B}\\")
        let tricky = Array("\u{07}\u{1B}]52;c;?\u{07}".utf8)
        let encoded = ConsoleAlert.clipboard(tricky).encoded(style: .osc777)
        XCTAssertEqual(encoded.filter { $0 == 0x1B }.count, 2, "only Drover's own ESCs: the opener and ST")
        XCTAssertFalse(encoded.contains(0x07))
    }

    func testNotificationsAreSanitisedAndShaped() {
        XCTAssertEqual(text(.notification(title: "drover: pi", body: "bell")),
                       "\u{1B}]777;notify;drover: pi;bell\u{1B}\\")
        XCTAssertEqual(text(.notification(title: "drover: pi", body: "bell"), .osc9), "\u{1B}]9;drover: pi: bell\u{1B}\\")
        let hostile = text(.notification(title: "a;b\u{1B}]0;x\u{07}", body: "c\u{9C}d\u{202E}e"))
        XCTAssertEqual(hostile, "\u{1B}]777;notify;a,b]0,x;cde\u{1B}\\",
                       "controls and bidi marks dropped, no ';' in the title")
        let long = text(.notification(title: "t", body: String(repeating: "z", count: 1000)))
        XCTAssertEqual(long.filter { $0 == "z" }.count, ConsoleAlert.maximumNotificationText)
    }

    func testTheStyleFollowsTheTerminal() {
        typealias Style = ConsoleAlert.NotificationStyle
        XCTAssertEqual(Style.detect(environment: ["TERM_PROGRAM": "iTerm.app"]), .osc9)
        XCTAssertEqual(Style.detect(environment: ["TERM_PROGRAM": "ghostty", "TERM": "xterm-ghostty"]), .osc777)
        XCTAssertEqual(Style.detect(environment: ["TERM_PROGRAM": "WezTerm"]), .osc777)
        XCTAssertEqual(Style.detect(environment: ["TERM": "xterm-kitty"]), .osc99)
        XCTAssertEqual(Style.detect(environment: ["KITTY_WINDOW_ID": "1", "TERM": "xterm-256color"]), .osc99)
        XCTAssertEqual(Style.detect(environment: ["TERM": "foot"]), .osc777)
        XCTAssertEqual(Style.detect(environment: ["TERM": "xterm-256color"]), .bell)
        XCTAssertEqual(Style.detect(environment: [:]), .bell)
        XCTAssertEqual(Style.detect(environment: ["TERM_PROGRAM": "tmux", "KITTY_WINDOW_ID": "1", "TERM": "tmux-256color"]), .bell,
                       "tmux does not pass notifications on")
        XCTAssertFalse(Style.bell.isDesktop)
    }

    func testKittyGetsTitleAndBodyAsPiecesOfOneNotificationAndXtermTheBell() {
        let kitty = text(.notification(title: "drover: pi", body: "build: done"), .osc99)
        let id = "drover-" + String(ConsoleAlert.fnv1a("drover: pi"), radix: 16)
        XCTAssertEqual(kitty, "\u{1B}]99;i=\(id):d=0;drover: pi\u{1B}\\\u{1B}]99;i=\(id):p=body;build: done\u{1B}\\")
        XCTAssertEqual(ConsoleAlert.notification(title: "a", body: "b").encoded(style: .bell), [0x07])
        // What Drover writes for kitty, kitty's own pieces, reads back whole in Drover's emulator.
        let terminal = Terminal(columns: 10, rows: 2)
        terminal.feed(kitty)
        XCTAssertEqual(terminal.lastNotification, RemoteNotification(title: "drover: pi", body: "build: done"))
    }

    func testQueuedSignalsFollowTheNextFrameOnceEvenWithoutChanges() {
        let terminal = Terminal(columns: 10, rows: 2)
        terminal.feed("hi")
        var renderer = ScreenRenderer(capabilities: ConsoleCapabilities())
        _ = renderer.render(terminal, overlay: nil)
        XCTAssertEqual(renderer.render(terminal, overlay: nil), [], "nothing changed, nothing queued")
        renderer.queue(.bell)
        renderer.queue(.clipboard(Array("x".utf8)))
        XCTAssertEqual(renderer.render(terminal, overlay: nil), [0x07] + Array("\u{1B}]52;c;eA==\u{1B}\\".utf8))
        XCTAssertEqual(renderer.render(terminal, overlay: nil), [])
        terminal.feed("!")
        renderer.queue(.bell)
        let bytes = renderer.render(terminal, overlay: nil)
        XCTAssertEqual(bytes.last, 0x07, "after the frame's drawing")
        XCTAssertEqual(bytes.filter { $0 == 0x07 }.count, 1)
    }
}
