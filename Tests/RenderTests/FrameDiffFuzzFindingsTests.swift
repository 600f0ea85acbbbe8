import XCTest
@testable import VT
@testable import Render

/// Inputs found by the FrameDiff fuzz target (Tests/Fuzz/FrameDiffFuzz.swift), replayed the
/// way it checks them: frames from one emulator, their diff fed to a terminal standing in for
/// the local one, which must then show what a second emulator fed the same bytes shows
/// (normalized: half a wide character is drawn as a blank).
final class FrameDiffFuzzFindingsTests: XCTestCase {
    private let plainCaps = ConsoleCapabilities(truecolor: true, synchronizedOutput: false, hyperlinks: false)

    /// Fuzz finding 1 (in the target, not Drover): ICH on a wide character's second half may
    /// leave a half without its partner (what is left follows xterm, see the xterm corpus);
    /// the renderer shows such a cell as a blank, so the target compares with the normalized
    /// frame.
    /// DECSCA protection is not drawn: leaving it (bold stays) wrote a bare `CSI m` that
    /// reset the local pen, and B showed plain (a cold review's finding).
    func testEndingProtectionKeepsTheRestOfThePen() {
        assertReplayShowsTheSame(columns: 10, rows: 3, segments: ["\u{1B}[1m\u{1B}[1\"qA\u{1B}[0\"qB", "\u{1B}[2\"qC"])
    }

    func testInsertInsideAWideCharacterRendersTheOrphanAsABlank() {
        let terminal = Terminal(columns: 2, rows: 3)
        terminal.feed("中\u{1B}[@")
        assertReplayShowsTheSame(columns: 2, rows: 3, segments: ["中\u{1B}[@"])
        assertReplayShowsTheSame(columns: 8, rows: 2, segments: ["ab中cd", "\u{1B}[1;4H\u{1B}[2@x"])
    }

    /// Fuzz finding 2: a wide character that did not fit in the last column left its wrap pad
    /// over the second half of the wide character already there, orphaning the first half.
    /// (The wrap now leaves that cell as it was, as xterm 379 does: the wide character stays
    /// whole; XtermParityTests.testAWideCharacterWrappingLeavesTheLastCellAsItWas.)
    func testWrapPadOverAWideCharacterLeavesNoHalf() {
        let terminal = Terminal(columns: 4, rows: 3)
        terminal.feed("ab中\u{1B}[1;4H日")
        assertWellFormed(terminal.frame())
        XCTAssertEqual(terminal.frame().rowText(0), "ab中", "the wide character under the wrap stays whole")
        XCTAssertEqual(terminal.frame().rowText(1), "日")
        assertReplayShowsTheSame(columns: 4, rows: 3, segments: ["ab中", "\u{1B}[1;4H日"])
        // The finding as the fuzzer reduced it: the pad lands there after a scroll down.
        assertReplayShowsTheSame(columns: 4, rows: 16, segments: ["\u{FFFD}T䭭\u{FFFD}2T\u{1B}[T中"])
    }

    /// Fuzz finding 3: reverse video turned off in the same frame as a size change stayed on
    /// locally (the full redraw compared with a blank frame); a title cleared then likewise.
    func testSizeChangeStillClearsReverseVideoAndTitle() {
        var before = Frame.text(["ab"], columns: 4, rows: 2)
        before.reverseVideo = true
        before.title = "old"
        let after = Frame.text(["ab"], columns: 6, rows: 2)
        let local = Terminal(columns: 4, rows: 2)
        local.feed(FrameDiff.render(from: nil, to: before, capabilities: plainCaps))
        XCTAssertTrue(local.frame().reverseVideo)
        local.resize(columns: 6, rows: 2)
        local.feed(FrameDiff.render(from: before, to: after, capabilities: plainCaps))
        XCTAssertFalse(local.frame().reverseVideo, "reverse video left on after the resize")
        XCTAssertEqual(local.title, "", "the old title left after the resize")
        // A first frame still leaves the local title alone when the remote has none.
        XCTAssertFalse(FrameDiff.render(from: nil, to: after, capabilities: plainCaps).escaped.contains("]2;"))
    }

    // MARK: the fuzz target's check

    /// Fuzz finding 4 (in the target, not Drover): a bidi mark (U+061C) rides on the cell
    /// before it in the emulator, and the renderer leaves it out by design, so a terminal that
    /// reorders text cannot be made to show the row differently; the target now compares text
    /// as drawn.
    func testABidiMarkOnACellIsNotDrawn() {
        let source = Terminal(columns: 8, rows: 2)
        source.feed("as\u{061C}b")
        let frame = source.frame()
        XCTAssertTrue(frame.text(of: frame[0, 1]).unicodeScalars.contains("\u{061C}"), "the emulator keeps the mark")
        let local = Terminal(columns: 8, rows: 2)
        local.feed(FrameDiff.render(from: nil, to: frame, capabilities: plainCaps, rowVersionsComparable: false))
        XCTAssertEqual(local.frame().rowText(0), "asb")
        XCTAssertFalse(local.frame().rowText(0).unicodeScalars.contains("\u{061C}"))
    }

    /// Feeds `segments` to a source and a reference emulator, renders each of the source's
    /// frames over the last into `local`, and compares `local` with the reference each time.
    private func assertReplayShowsTheSame(columns: Int, rows: Int, segments: [String],
                                          file: StaticString = #filePath, line: UInt = #line) {
        let source = Terminal(columns: columns, rows: rows)
        let reference = Terminal(columns: columns, rows: rows)
        let local = Terminal(columns: columns, rows: rows)
        var shown: Frame?
        for (index, segment) in segments.enumerated() {
            source.feed(segment)
            reference.feed(segment)
            let next = shown.map { source.frame(updating: $0) } ?? source.frame()
            local.feed(FrameDiff.render(from: shown, to: next, capabilities: plainCaps,
                                        rowVersionsComparable: shown != nil))
            shown = next
            let want = FramePreparation.normalized(reference.frame()), got = local.frame()
            for row in 0..<rows {
                for column in 0..<columns {
                    let a = want[row, column], b = got[row, column]
                    let same = a.width == b.width && want.text(of: a) == got.text(of: b)
                        && SGREncoder.sameRendition(a.attributes, b.attributes)
                    guard same else {
                        return XCTFail("segment \(index): cell \(row),\(column) want \(want.rowText(row).debugDescription) "
                                       + "got \(got.rowText(row).debugDescription)", file: file, line: line)
                    }
                }
            }
            XCTAssertEqual([got.cursorRow, got.cursorColumn], [want.cursorRow, want.cursorColumn],
                           "segment \(index): cursor", file: file, line: line)
        }
    }

    /// Every wide cell is followed by its spacer and every spacer follows a wide cell.
    private func assertWellFormed(_ frame: Frame, file: StaticString = #filePath, line: UInt = #line) {
        for row in 0..<frame.rows {
            for column in 0..<frame.columns {
                let width = frame[row, column].width
                if width == 2 {
                    XCTAssertTrue(column + 1 < frame.columns && frame[row, column + 1].width == 0,
                                  "wide cell at \(row),\(column) without its spacer", file: file, line: line)
                } else if width == 0 {
                    XCTAssertTrue(column > 0 && frame[row, column - 1].width == 2,
                                  "spacer at \(row),\(column) without its wide cell", file: file, line: line)
                }
            }
        }
    }
}
