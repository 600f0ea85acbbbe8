import Foundation
import XCTest
import Hosts
import Loop
import Render
import VT
@testable import Sessions

/// The alert centre alone (a real event loop, no sshd): hosts' emulators are fed bells,
/// notifications and clipboard writes, and the test asserts what reached the local terminal
/// and what the status line and the host list say.
final class AlertCentreTests: XCTestCase {
    private var loop: EventLoop!
    private var signals: [ConsoleAlert] = []
    private var failures: [String] = []
    private let mac = Terminal(columns: 20, rows: 2), pi = Terminal(columns: 20, rows: 2)

    override func setUpWithError() throws {
        loop = try EventLoop()
    }

    private func centre(notify: NotifyChoice = NotifyChoice(forced: false), piClipboard: ClipboardPolicy = .write,
                        copyCommand: String? = nil) throws -> AlertCentre {
        try AlertCentre(hosts: [.init(name: "mac", clipboard: .write), .init(name: "pi", clipboard: piClipboard)],
                        notify: notify, copyCommand: copyCommand, loop: loop,
                        signal: { [unowned self] in signals.append($0) }, copyFailed: { [unowned self] in failures.append($0) })
    }

    /// One loop turn that does not block: a timer due at once wakes it if nothing else is due.
    private func turnTheLoopOnce() throws {
        _ = loop.schedule(after: .zero) {}
        try loop.runOnce()
    }

    func testTheFrontHostRingsTheLocalBellAtMostTwiceASecond() throws {
        let alerts = try centre()
        mac.feed("\u{07}")
        XCTAssertFalse(alerts.report(0, terminal: mac, inFront: true), "the front host gets no mark")
        mac.feed("\u{07}")
        _ = alerts.report(0, terminal: mac, inFront: true)
        XCTAssertEqual(signals, [.bell], "the second bell within the interval is not rung")
        XCTAssertNil(alerts.note(front: 0))
    }

    func testAHiddenHostGetsAMarkAndANotificationNamingItWithNotify() throws {
        let alerts = try centre(notify: NotifyChoice(forced: true))
        pi.feed("\u{07}\u{07}")
        XCTAssertTrue(alerts.report(1, terminal: pi, inFront: false), "the status line changed")
        XCTAssertEqual(signals, [.notification(title: "drover: pi", body: "bell")])
        XCTAssertEqual(alerts.note(front: 0), "pi: bell")
        pi.feed("\u{1B}]9;build done\u{07}")
        XCTAssertTrue(alerts.report(1, terminal: pi, inFront: false))
        XCTAssertEqual(alerts.note(front: 0), "pi: “build done”")
        XCTAssertEqual(signals.count, 1, "one desktop notification per host per interval")
        XCTAssertEqual(alerts.describe(1, at: .now), "“build done” just now")
        XCTAssertFalse(alerts.report(1, terminal: pi, inFront: false), "nothing new, nothing changed")
        alerts.broughtForward(1)
        XCTAssertNil(alerts.note(front: 1))
        XCTAssertNil(alerts.describe(1, at: .now))
    }

    func testAHiddenHostsClipboardWriteWaitsUntilItComesForward() throws {
        let alerts = try centre()
        pi.feed("\u{1B}]52;c;aGk=\u{07}")
        XCTAssertFalse(alerts.report(1, terminal: pi, inFront: false), "a clipboard write is no mark")
        XCTAssertTrue(signals.isEmpty)
        alerts.broughtForward(1)
        XCTAssertEqual(signals, [.clipboard(Array("hi".utf8))])
    }

    func testAHostWhoseClipboardPolicyRefusesWritesSetsNothing() throws {
        let alerts = try centre(piClipboard: .off)
        pi.feed("\u{1B}]52;c;aGk=\u{07}")
        _ = alerts.report(1, terminal: pi, inFront: true)
        alerts.broughtForward(1)
        XCTAssertTrue(signals.isEmpty, "nothing is coalesced to be written later either")
        try turnTheLoopOnce()
        XCTAssertTrue(signals.isEmpty)
    }

    /// A flood of writes from the front host becomes one local write, the last one, on the loop.
    func testTheFrontHostsClipboardWritesAreCoalesced() throws {
        let alerts = try centre()
        for text in ["a", "b", "c"] {
            mac.feed("\u{1B}]52;c;\(Data(text.utf8).base64EncodedString())\u{07}")
            _ = alerts.report(0, terminal: mac, inFront: true)
        }
        XCTAssertTrue(signals.isEmpty, "written when the loop turns, not during the read")
        try turnTheLoopOnce()
        XCTAssertEqual(signals, [.clipboard(Array("c".utf8))])
    }

    func testACopiedSelectionSaysWhereItWent() throws {
        XCTAssertEqual(try centre().copySelection("x"), "copied to the clipboard")
        XCTAssertEqual(signals, [.clipboard(Array("x".utf8))])
    }

    /// By default (ADR 0029) a herdr host's notifications reach the person, a --command host's
    /// do not, and a hidden herdr host's bell is only a mark.
    private func byDefault(environment: [String: String]) -> NotifyChoice {
        let mac = AttachTarget(host: HostEntry(name: "mac", hostname: "mac", user: "u"))
        let pi = AttachTarget(host: HostEntry(name: "pi", hostname: "pi", user: "u", command: "exec cat"))
        return NotifyChoice().resolved(for: [mac, pi], environment: environment)
    }

    func testByDefaultHerdrHostsNotifyAndOtherHostsOnlyMark() throws {
        let alerts = try centre(notify: byDefault(environment: ["TERM_PROGRAM": "ghostty"]))
        mac.feed("\u{1B}]99;i=1:d=0;agent done\u{1B}\\\u{1B}]99;i=1:p=body;ws 1\u{1B}\\")
        XCTAssertFalse(alerts.report(0, terminal: mac, inFront: true), "a desktop terminal needs no status text")
        XCTAssertEqual(signals, [.notification(title: "drover: mac", body: "agent done: ws 1")])
        pi.feed("\u{1B}]9;from pi\u{07}")
        XCTAssertTrue(alerts.report(1, terminal: pi, inFront: false))
        XCTAssertEqual(signals.count, 1, "a --command host does not notify by default")
        XCTAssertEqual(alerts.note(front: 0), "pi: “from pi”")
        signals = []
        alerts.broughtForward(1)
        mac.feed("\u{07}")
        XCTAssertTrue(alerts.report(0, terminal: mac, inFront: false))
        XCTAssertEqual(signals, [], "a hidden host's bell is a mark, not a notification, unless --notify on")
        XCTAssertEqual(alerts.note(front: 1), "mac: bell")
    }

    func testWithoutDesktopNotificationsTheBellRingsAndTheTextStaysInTheStatusLine() throws {
        let alerts = try centre(notify: byDefault(environment: ["TERM": "xterm-256color"]))
        mac.feed("\u{1B}]777;notify;Claude;needs input\u{1B}\\")
        XCTAssertTrue(alerts.report(0, terminal: mac, inFront: true), "the status line says it")
        XCTAssertEqual(signals, [.notification(title: "drover: mac", body: "Claude: needs input")])
        XCTAssertEqual(signals[0].encoded(style: .bell), [0x07], "on plain xterm the notification is the bell")
        XCTAssertEqual(alerts.note(front: 0), "mac: “Claude: needs input”")
        XCTAssertTrue(try centre(notify: NotifyChoice(forced: false)).report(0, terminal: mac, inFront: true) == false)
    }

    func testProgressShowsInTheStatusLineAndTheList() throws {
        let alerts = try centre()
        mac.feed("\u{1B}]9;4;1;40\u{07}")
        XCTAssertTrue(alerts.report(0, terminal: mac, inFront: true), "progress changes the status line")
        XCTAssertEqual(alerts.note(front: 0), "progress 40%")
        pi.feed("\u{1B}]9;4;3\u{07}")
        XCTAssertTrue(alerts.report(1, terminal: pi, inFront: false))
        XCTAssertEqual(alerts.note(front: 0), "progress 40% · pi: busy")
        XCTAssertEqual(alerts.describe(1, at: .now), "progress busy")
        mac.feed("\u{1B}]9;4;1;40\u{07}")
        XCTAssertFalse(alerts.report(0, terminal: mac, inFront: true), "the same progress again changes nothing")
        mac.feed("\u{1B}]9;4;0\u{07}")
        XCTAssertTrue(alerts.report(0, terminal: mac, inFront: true))
        XCTAssertEqual(alerts.note(front: 0), "pi: busy")
        XCTAssertTrue(signals.isEmpty, "progress is no notification")
    }
}
