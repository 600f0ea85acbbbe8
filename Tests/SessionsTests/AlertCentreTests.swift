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
    private var signals: [ConsoleSignal] = []
    private var failures: [String] = []
    private let mac = Terminal(columns: 20, rows: 2), pi = Terminal(columns: 20, rows: 2)

    override func setUpWithError() throws {
        loop = try EventLoop()
    }

    private func centre(notify: Bool = false, piClipboard: ClipboardPolicy = .write,
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
        let alerts = try centre(notify: true)
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
}
