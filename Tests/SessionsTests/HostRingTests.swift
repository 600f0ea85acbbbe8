import XCTest
import Render
import VT
@testable import Sessions

/// The multi-host rules that need no I/O: the switching order, the front host (which gets
/// input and resizes), reconnecting only in front, and the picker.
final class HostRingTests: XCTestCase {
    let t0 = ContinuousClock.now

    func testNextAndPreviousWrapAroundInCommandLineOrder() {
        var ring = HostRing(names: ["mac", "pi", "box"])
        XCTAssertEqual(ring.frontLabel, "mac (1/3)")
        XCTAssertEqual(ring.next(), .init(from: 0, to: 1))
        XCTAssertEqual(ring.next(), .init(from: 1, to: 2))
        XCTAssertEqual(ring.frontLabel, "box (3/3)")
        XCTAssertEqual(ring.next(), .init(from: 2, to: 0))
        XCTAssertEqual(ring.previous(), .init(from: 0, to: 2))
        XCTAssertEqual(ring.names[ring.front], "box")
    }

    func testAHostOpenedDuringTheRunJoinsAtTheEnd() {
        var ring = HostRing(names: ["mac"])
        XCTAssertEqual(ring.add("pi"), 1)
        XCTAssertEqual(ring.select(1), .init(from: 0, to: 1))
        XCTAssertEqual(ring.frontLabel, "pi (2/2)")
    }

    func testClosingTheFrontHostSkipsItUntilItIsPickedAgain() {
        var ring = HostRing(names: ["mac", "pi", "box"])
        XCTAssertEqual(ring.closeFront(), .init(from: 0, to: 1))
        XCTAssertEqual(ring.closed, [0])
        XCTAssertEqual(ring.next(), .init(from: 1, to: 2))
        XCTAssertEqual(ring.next(), .init(from: 2, to: 1), "mac is passed over")
        XCTAssertEqual(ring.previous(), .init(from: 1, to: 2))
        XCTAssertEqual(ring.select(0), .init(from: 2, to: 0), "picking it opens it again")
        XCTAssertEqual(ring.closed, [])
        XCTAssertEqual(ring.closeFront(), .init(from: 0, to: 1))
        XCTAssertEqual(ring.closeFront(), .init(from: 1, to: 2))
        XCTAssertNil(ring.closeFront(), "the only open host is not closed: the run ends instead")
        XCTAssertEqual(ring.front, 2)
        XCTAssertNil(ring.next())
        XCTAssertEqual(ring.openCount, 1)
    }

    func testSelectingTheFrontHostOrNoHostChangesNothing() {
        var ring = HostRing(names: ["mac", "pi"])
        XCTAssertNil(ring.select(0))
        XCTAssertNil(ring.select(2))
        XCTAssertEqual(ring.front, 0)
        XCTAssertEqual(ring.select(1), .init(from: 0, to: 1))
    }

    func testASingleHostNeverSwitches() {
        var ring = HostRing(names: ["mac"])
        XCTAssertNil(ring.next())
        XCTAssertNil(ring.previous())
        XCTAssertEqual(ring.frontLabel, "mac (1/1)")
    }

    func testAHiddenHostThatLosesItsLinkWaitsAndSaysSoUntilItComesToTheFront() {
        var s = LinkLifecycle(host: "pi", inFront: false)
        let g = s.beginConnect(address: "a")
        s.handle(.attached, generation: g)
        s.handle(.lost(reason: "reset", recoverable: true), generation: g, now: t0)
        XCTAssertNil(s.nextAttempt, "a hidden host does not reconnect by itself")
        XCTAssertEqual(s.statusLine(now: t0), "pi: connection lost; reconnects when you switch to it: reset")
        XCTAssertEqual(s.summary, "waiting (link lost)")
        s.inFront = true
        XCTAssertEqual(s.nextAttempt, t0 + .seconds(1))
        XCTAssertEqual(s.statusLine(now: t0), "pi: connection lost; reconnecting in 1s (attempt 1; ctrl+] r: now): reset")
        XCTAssertEqual(s.summary, "reconnecting")
    }

    func testAHiddenHostDefersTheTrustQuestionAndAsksInFront() {
        var s = LinkLifecycle(host: "pi", inFront: false)
        var g = s.beginConnect(address: "a")
        s.handle(.trustNeeded(fingerprint: "SHA256:x"), generation: g)
        XCTAssertTrue(s.handle(.trustDeferred, generation: g, now: t0))
        XCTAssertFalse(s.handle(.lost(reason: "not trusted", recoverable: false), generation: g),
                       "the refused attempt does not fail the host")
        XCTAssertEqual(s.statusLine(), "pi: new host key; switch to it to review the fingerprint")
        XCTAssertNil(s.nextAttempt)
        s.inFront = true
        XCTAssertEqual(s.nextAttempt, t0, "in front, it connects again at once")
        g = s.beginConnect(address: "a")
        s.handle(.trustNeeded(fingerprint: "SHA256:x"), generation: g)
        XCTAssertFalse(s.handle(.trustDeferred, generation: g), "the host in front asks instead")
        XCTAssertTrue(s.mayPrompt(generation: g))
    }

    func testPickerDigitPicksAndArrowsWithEnterPick() {
        var picker = HostPicker(count: 3, selection: 0)
        picker.handle(.text("3"))
        XCTAssertEqual(picker.result, .picked(2))

        picker = HostPicker(count: 3, selection: 0)
        picker.handle(.key(.up, []))
        XCTAssertEqual(picker.selection, 2, "up from the first wraps to the last")
        picker.handle(.key(.down, []))
        picker.handle(.key(.down, []))
        XCTAssertNil(picker.result)
        picker.handle(.key(.enter, []))
        XCTAssertEqual(picker.result, .picked(1))
    }

    /// The hint says what the keys do: a digit switches at once, arrows need Enter.
    func testPickerHintSaysADigitSwitchesAtOnce() {
        let box = HostPicker(count: 2, selection: 0).overlay(names: ["a", "b"], states: ["", ""], front: 0)
        XCTAssertEqual(box.lines.last, "digit: switch   arrows + Enter: switch   Esc: cancel")
    }

    /// `ctrl+] X` says a session keeps running only of a herdr host that attached.
    func testClosePromptSaysTheSessionKeepsRunningOnlyWhereOneWasReached() {
        XCTAssertTrue(HostFactory.closePrompt("a", keepsSession: true).lines[0].contains("keeps running"))
        XCTAssertFalse(HostFactory.closePrompt("a", keepsSession: false).lines.joined().contains("keeps running"))
    }

    func testPickerEscapeCancelsAndOtherKeysAreIgnored() {
        var picker = HostPicker(count: 2, selection: 1)
        picker.handle(.text("7"))
        picker.handle(.key(.character("x"), []))
        XCTAssertNil(picker.result)
        picker.handle(.key(.escape, []))
        XCTAssertEqual(picker.result, .cancelled)
    }

    func testPickerOverlayListsEveryHostWithItsState() {
        let picker = HostPicker(count: 2, selection: 1)
        let overlay = picker.overlay(names: ["mac", "pi"], states: ["attached", "waiting (link lost)"], front: 0)
        XCTAssertEqual(overlay.placement, .box(title: "hosts"))
        XCTAssertEqual(Array(overlay.lines.prefix(2)), ["  1  mac  attached (in front)", "> 2  pi   waiting (link lost)"])
    }
}
