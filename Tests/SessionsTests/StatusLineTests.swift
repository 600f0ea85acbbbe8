import XCTest
@testable import Console
@testable import Sessions

/// The status line's texts, computed from values (no loop, no host): what it says, in which
/// order, and what gives way when the screen is narrow.
final class StatusLineTests: XCTestCase {
    private let reason = "mac: connection lost; reconnecting in 3s (attempt 2; ctrl+] r: now): 10.0.0.5:22 refused the connection"

    func testAnAttachedHostWithNothingToSayKeepsItsLastRow() {
        XCTAssertNil(StatusLine().text(width: 80))
        XCTAssertNil(StatusLine(forwards: "2 forwards", prediction: "RTT 212 ms").text(width: 80),
                     "forwards and the round trip are shown only beside something the line says anyway")
    }

    func testThePartsComeInOrderWithTheStateLast() {
        let line = StatusLine(banner: "mac (2/3)", alerts: "pi: bell", recorderFailure: "recording stopped: disk full",
                              pending: "12 typed bytes wait to be sent", state: "mac: connecting",
                              forwards: "1 forward", prediction: "RTT 212 ms")
        XCTAssertEqual(line.text(width: 500), "mac (2/3) · pi: bell · recording stopped: disk full · 12 typed bytes wait to be sent · 1 forward · mac: connecting · RTT 212 ms")
    }

    /// The banner that says guesses are on names the round trip: the line says it once.
    func testTheRoundTripIsSaidOnce() {
        let on = "mac: drawing typed keys before the host echoes them (RTT 35 ms)"
        XCTAssertEqual(StatusLine(banner: on, prediction: "RTT 35 ms").text(width: 200), on)
    }

    func testHiddenHostsMarksAloneAreALine() {
        XCTAssertEqual(StatusLine(alerts: "pi: 2 bells", forwards: "1 forward").text(width: 80), "pi: 2 bells · 1 forward")
    }

    /// On a narrow screen the extras give way before the reason is cut.
    func testExtrasGiveWayBeforeTheReason() {
        let line = StatusLine(alerts: "pi: bell", state: reason, forwards: "1 forward", prediction: "RTT 212 ms")
        XCTAssertEqual(line.text(width: reason.count + 23), "pi: bell · 1 forward · \(reason)")
        XCTAssertEqual(line.text(width: reason.count + 11), "pi: bell · \(reason)")
        XCTAssertEqual(line.text(width: reason.count), reason, "the marks go before the reason is cut")
    }

    func testALineThatStillDoesNotFitIsCutAtAWordNotInOne() throws {
        let line = StatusLine(pending: "42 typed bytes wait to be sent", state: reason)
        let text = try XCTUnwrap(line.text(width: 80))
        XCTAssertLessThanOrEqual(text.count, 80)
        XCTAssertTrue(text.hasPrefix("42 typed bytes wait to be sent · mac: connection lost"), text)
        XCTAssertTrue(text.hasSuffix("…"), text)
        let shown = text.dropLast()
        let full = "42 typed bytes wait to be sent · \(reason)"
        let next = full[full.index(full.startIndex, offsetBy: shown.count)]
        XCTAssertEqual(next, " ", "cut where a word ends: \(text)")
    }

    /// Issue 32: a line too long for one row wraps into more rows (at spaces) instead of losing
    /// its end; the words are all there, in order, and no row is wider than the screen.
    func testALongLineWrapsIntoRowsWithEveryWord() throws {
        let line = StatusLine(banner: "e2e: the picture was not uploaded and the paste went through as typed", state: reason)
        let rows = try XCTUnwrap(line.lines(width: 40, rows: 10))
        XCTAssertGreaterThan(rows.count, 1)
        XCTAssertTrue(rows.allSatisfy { $0.count <= 40 }, "\(rows)")
        XCTAssertEqual(rows.joined(separator: " "), line.wholeText, "nothing left out or cut")
        XCTAssertEqual(line.lines(width: 500, rows: 1), [try XCTUnwrap(line.wholeText)], "a line that fits is one row")
        XCTAssertNil(StatusLine().lines(width: 40, rows: 3))
    }

    /// Past its rows the last row is cut at a word and names the key whose box shows the whole
    /// text (the help box carries it first).
    func testPastItsRowsTheLineNamesTheKeyThatShowsItAll() throws {
        let line = StatusLine(pending: "42 typed bytes wait to be sent", state: reason)
        let rows = try XCTUnwrap(line.lines(width: 40, rows: 2))
        XCTAssertEqual(rows.count, 2)
        XCTAssertTrue(rows.allSatisfy { $0.count <= 40 }, "\(rows)")
        XCTAssertTrue(rows[1].hasSuffix("… (\(PrefixKeyHandler.keys(for: .help)) shows all)"), rows[1])
        let box = InputRouter.helpBox(status: line.wholeText).lines
        XCTAssertEqual(box.first, "Status: 42 typed bytes wait to be sent · \(reason)")
        XCTAssertEqual(Array(box.dropFirst(2).prefix(PrefixKeyHandler.helpLines.count)), PrefixKeyHandler.helpLines)
    }

    func testABannerGoesAfterItsTime() {
        let now = ContinuousClock.now
        let banner = StatusLine.Banner("mac (2/3)", from: now)
        XCTAssertEqual(banner.text(at: now), "mac (2/3)")
        XCTAssertNil(banner.text(at: now.advanced(by: banner.shownFor)))
    }

    /// A banner drawn cut says, for a while after it goes, which key shows it whole.
    func testACutBannerLeavesAReminderOfTheKeyThatShowsIt() {
        let now = ContinuousClock.now
        var banner = StatusLine.Banner("no host named 'demmo'", from: now)
        let after = now.advanced(by: banner.shownFor)
        XCTAssertNil(banner.text(at: after), "one shown whole just goes")
        banner.markCut()
        XCTAssertFalse(banner.isUp(at: after))
        XCTAssertEqual(banner.text(at: after), "\(PrefixKeyHandler.keys(for: .help)) shows the last message")
        XCTAssertNil(banner.text(at: after.advanced(by: StatusLine.Banner.reminderFor)))
    }

    /// A long note (the no-SFTP paste reason) stays up long enough to read, not two seconds,
    /// but not for ever: eight seconds at most.
    func testALongBannerStaysLongerThanAShortOneUpToEightSeconds() {
        let now = ContinuousClock.now
        let long = "pasting a picture needs SFTP on mac, and its sshd has no sftp subsystem; "
            + "ask its admin to enable one or paste text instead"
        let banner = StatusLine.Banner(long, from: now)
        XCTAssertEqual(banner.text(at: now.advanced(by: .seconds(5))), long, "two seconds is too short to read it")
        XCTAssertEqual(StatusLine.Banner.shownFor("mac (2/3)"), .milliseconds(2600))
        XCTAssertEqual(StatusLine.Banner.shownFor(String(repeating: "word ", count: 100)), .seconds(8))
    }

    /// The note that this terminal reports no modified keys says what to do on one row of a
    /// 100-column screen (every prefix key's name is as long as ctrl+]'s), not cut or wrapped.
    func testTheNoModifiedKeysNoteFitsOneRowAt100Columns() {
        let note = KeyboardMirror.noProtocolNote
        XCTAssertTrue(note.hasPrefix("for Shift+Enter type ctrl+] Enter"), note)
        XCTAssertEqual(StatusLine(banner: note).lines(width: 100, rows: 3), [note])
    }
}
