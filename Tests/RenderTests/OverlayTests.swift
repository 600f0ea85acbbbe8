import XCTest
import VT
@testable import Render

final class OverlayTests: XCTestCase {
    func testStatusLineCoversTheBottomRowInReverseVideo() {
        let frame = Frame.text(["top", "bottom"], columns: 8)
        let composed = Overlay.status("hi").composed(onto: frame)
        XCTAssertEqual(composed.rowText(0), "top")
        XCTAssertEqual(composed.rowText(1), "hi")
        for column in 0..<8 { XCTAssertTrue(composed[1, column].attributes.flags.contains(.inverse)) }
    }

    /// A status of several lines (a long one, wrapped) takes the bottom rows, one line each.
    func testAStatusOfSeveralLinesTakesTheBottomRows() {
        let frame = Terminal(columns: 10, rows: 4).frame()
        let composed = Overlay(placement: .statusLine, lines: ["first", "second"]).composed(onto: frame)
        XCTAssertEqual(composed.rowText(1), "")
        XCTAssertEqual(composed.rowText(2).trimmingCharacters(in: .whitespaces), "first")
        XCTAssertEqual(composed.rowText(3).trimmingCharacters(in: .whitespaces), "second")
        XCTAssertTrue(composed[2, 9].attributes.flags.contains(.inverse))
    }

    func testAHostsQuestionCannotPutBidiControlsOnTheLocalScreen() {
        let frame = Frame(columns: 40, rows: 6)
        let question = "Pass\u{202E}drow\u{2066}:\u{9B}2J"
        let composed = Overlay.box(title: "host \u{202E}asks", lines: [question], showsCursor: true).composed(onto: frame)
        let bytes = FrameDiff.render(from: frame, to: composed, capabilities: ConsoleCapabilities(synchronizedOutput: false))
        let text = String(decoding: bytes, as: UTF8.self)
        for scalar in ["\u{202E}", "\u{2066}", "\u{9B}"] { XCTAssertFalse(text.contains(scalar), scalar.debugDescription) }
        XCTAssertTrue((0..<6).contains { composed.rowText($0).contains("Passdrow:2J") })
    }

    func testRemovingTheOverlayRestoresTheRemoteRow() {
        let frame = Frame.text(["top", "bottom"], columns: 8)
        let composed = Overlay.status("hi").composed(onto: frame)
        let caps = ConsoleCapabilities(synchronizedOutput: false)
        let back = FrameDiff.render(from: composed, to: frame, capabilities: caps).escaped
        XCTAssertEqual(back, "\nbottom  ⎋[H")
    }

    func testBoxWrapsLinesAndPlacesTheCursorForInput() {
        let frame = Frame(columns: 20, rows: 7)
        let overlay = Overlay.box(title: "Trust", lines: ["fingerprint SHA256:abcdefghijkl", "Type yes:"],
                                  showsCursor: true)
        let composed = overlay.composed(onto: frame)
        let texts = (0..<7).map { composed.rowText($0) }
        XCTAssertTrue(texts.contains { $0.hasPrefix("┌─Trust─") && $0.hasSuffix("┐") }, "\(texts)")
        XCTAssertTrue(texts.contains { $0.contains("│ Type yes:") }, "\(texts)")
        XCTAssertTrue(texts.contains { $0.hasPrefix("└") }, "\(texts)")
        XCTAssertTrue(composed.cursorVisible)
        XCTAssertEqual(composed.rowText(composed.cursorRow).contains("Type yes:"), true)
        for row in 0..<7 { XCTAssertLessThanOrEqual(Overlay.width(composed.rowText(row)), 20) }
    }

    func testOverlayOverHalfAWideCharacterNeverSplitsIt() {
        var frame = Frame(columns: 6, rows: 2)
        frame.put("ああ", row: 1, column: 1)  // columns 1-2 and 3-4
        let composed = Overlay.status("abcd").composed(onto: frame)
        let bytes = FrameDiff.render(from: frame, to: composed, capabilities: ConsoleCapabilities(synchronizedOutput: false))
        XCTAssertFalse(bytes.escaped.contains("あ"))
        XCTAssertEqual(composed.rowText(1), "abcd")
    }

    func testBoxWrapsAtSpacesSoAFingerprintStaysOnOneLine() {
        let fingerprint = "SHA256:4C+xF1m8wwgdOMJDZ+H+2FAHuYvIQV64YPSE6qR9TLE."
        let frame = Frame(columns: 60, rows: 8)
        let overlay = Overlay.box(title: "New host key", lines: ["Its ssh-ed25519 host key fingerprint is \(fingerprint)"])
        let texts = (0..<8).map { overlay.composed(onto: frame).rowText($0) }
        XCTAssertTrue(texts.contains { $0.contains("│ Its ssh-ed25519 host key fingerprint is") }, "\(texts)")
        XCTAssertTrue(texts.contains { $0.contains("│ \(fingerprint)") }, "\(texts)")
    }

    func testWrapSplitsOnlyWordsWiderThanTheLine() {
        XCTAssertEqual(Overlay.wrap("one two three", width: 7), ["one two", "three"])
        XCTAssertEqual(Overlay.wrap("abcdefghij xy", width: 4), ["abcd", "efgh", "ij", "xy"])
        XCTAssertEqual(Overlay.wrap("(ssh-keygen -lf /etc/ssh/key.pub).", width: 20),
                       ["(ssh-keygen -lf", "/etc/ssh/key.pub)."])
        XCTAssertEqual(Overlay.wrap("", width: 5), [""])
        XCTAssertEqual(Overlay.wrap("ああ あ", width: 3), ["あ", "あ", "あ"], "a wide character never straddles a break")
    }

    func testOverlaysFitEveryTinyScreen() {
        for columns in 1...8 {
            for rows in 1...4 {
                let frame = Frame.text(["wide あ text"], columns: columns, rows: rows)
                for overlay in [Overlay.status("status ✓ line"),
                                Overlay.box(title: "Title", lines: ["a long line of text", "あいう"], showsCursor: true)] {
                    let composed = overlay.composed(onto: frame)
                    XCTAssertEqual(composed.cells.count, columns * rows)
                    XCTAssertLessThan(composed.cursorColumn, columns)
                    XCTAssertLessThan(composed.cursorRow, rows)
                    let terminal = Terminal(columns: columns, rows: rows)
                    terminal.feed(FrameDiff.render(from: nil, to: composed, capabilities: ConsoleCapabilities()))
                    let shown = terminal.frame()
                    for row in 0..<rows {
                        XCTAssertEqual(shown.rowText(row), FramePreparation.normalized(composed).rowText(row),
                                       "\(columns)x\(rows) row \(row)")
                    }
                }
            }
        }
    }

    /// A box taller than the screen says what it left out on its last row instead of ending
    /// mid-list; a question box keeps its question (the last line) below that note.
    func testABoxThatDoesNotFitSaysHowManyLinesAreLeftOut() {
        let lines = (1...10).map { "key \($0)" }
        let help = Overlay.box(title: "keys", lines: lines).composed(onto: Frame(columns: 40, rows: 6))
        let texts = (0..<6).map { help.rowText($0) }
        XCTAssertTrue(texts[1].contains("key 1") && texts[3].contains("key 3"), "\(texts)")
        XCTAssertTrue(texts[4].contains("… 7 more: enlarge the window"), "\(texts)")
        XCTAssertTrue(texts[5].contains("└"), "\(texts)")
        let asking = Overlay.box(title: "Trust", lines: lines + ["Type yes:"], showsCursor: true)
            .composed(onto: Frame(columns: 40, rows: 6))
        let asked = (0..<6).map { asking.rowText($0) }
        XCTAssertTrue(asked[3].contains("… 8 more: enlarge the window") && asked[4].contains("Type yes:"), "\(asked)")
        XCTAssertEqual(asking.cursorRow, 4)
    }
}
