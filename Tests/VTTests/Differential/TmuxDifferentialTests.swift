import Foundation
import XCTest
import VT

/// Feeds every stream of Tests/VTTests/Corpus (made by scripts/gen-vt-corpus) to a detached
/// tmux pane and to our `Terminal`, and compares text, cursor and rendition cell by cell.
///
/// Known differences between tmux 3.3a and xterm, and how this test treats them (none is
/// skipped silently):
/// - Pending wrap: after a character in the last column tmux reports `cursor_x` equal to the
///   width; xterm keeps the cursor on the last column with a pending-wrap flag. The harness
///   clamps tmux's column to the last column (TmuxCaptureParser).
/// - Overline (SGR 53): tmux 3.3a's `capture-pane -e` does not write it back as `53`, so
///   overline is not compared and the corpus does not use it.
/// - Underline colour (SGR 58), OSC 8 links and titles are not part of what `capture-pane`
///   reports reliably; they are not compared (the VTTests unit tests cover them).
/// - Rapid blink (SGR 6): tmux keeps one blink attribute; both blinks compare as "blink".
/// - DECSCNM (`?5`), DECSLRM/DECLRMM (`?69`) and synchronized output (`?2026`): tmux does not
///   implement the first two the xterm way and the third does not change the final screen;
///   the corpus avoids the first two.
/// - Trailing blanks: tmux's capture leaves out cleared cells after the last written one, even
///   when an erase gave them a background colour. Trailing blank cells that carry nothing but
///   a background are trimmed on both sides (ComparableScreen.trimmed); backgrounds of erased
///   cells before written text are compared.
/// - Edits while a wrap is pending: tmux parks the cursor past the last column, xterm on it,
///   so EL/ECH/ICH/DCH, tabs, IND/RI, SU/SD and DECSC right after a character in the last
///   column act on different cells. The generator tracks the column and sends CR first there.
/// - IL/DL: the VT510 manual and ECMA-48 move the cursor to the first column (our emulator
///   does); tmux leaves the column alone. Corpus streams follow IL/DL with CR or CUP.
/// - CHT (`CSI I`): tmux 3.3a ignores it, so the corpus leaves it out (unit tests cover it).
/// - Scrollback is not compared; only the visible screen.
/// - Streams where tmux and xterm disagree and our emulator follows xterm (checked against
///   xterm's own answers by XtermDifferentialTests) are in `followsXterm` with the reason;
///   the test checks that they still differ from tmux.
final class TmuxDifferentialTests: XCTestCase {
    static let followsXterm = [
        "wide-overwrite-halves.80x24.vt": "ICH on the right half of a wide character: xterm erases the character, tmux keeps it",
        "op-soup-0.80x24.vt": hidden,
        "op-soup-1.80x24.vt": hidden,
        "op-soup-2.80x24.vt": hidden,
        "op-soup-4.80x24.vt": hidden,
        "op-soup-5.80x24.vt": hidden,
        "sgr-soup-0.80x24.vt": hidden,
        "sgr-soup-1.80x24.vt": hidden,
        "sgr-soup-2.80x24.vt": hidden,
        "sgr-soup-3.80x24.vt": hidden,
        "sgr-soup-4.80x24.vt": hidden,
    ]
    static let hidden = "hidden (SGR 8) text: xterm stores it as spaces (one cell even for a wide character), tmux keeps the characters"

    static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Corpus")

    /// `NAME.COLSxROWS.vt` files, sorted.
    static func corpusFiles() throws -> [(url: URL, columns: Int, rows: Int)] {
        let names = try FileManager.default.contentsOfDirectory(atPath: corpus.path).filter { $0.hasSuffix(".vt") }.sorted()
        return try names.map { name in
            let parts = name.split(separator: ".")
            let size = parts.count >= 3 ? parts[parts.count - 2].split(separator: "x").compactMap { Int($0) } : []
            guard size.count == 2 else { throw TmuxError("corpus file \(name) is not named NAME.COLSxROWS.vt") }
            return (corpus.appendingPathComponent(name), size[0], size[1])
        }
    }

    static func split(_ bytes: [UInt8]) -> [[UInt8]] {
        var pieces: [[UInt8]] = []
        var start = 0
        var length = 1
        while start < bytes.count {
            let end = min(bytes.count, start + length)
            pieces.append(Array(bytes[start..<end]))
            start = end
            length = length % 13 + 1
        }
        return pieces
    }

    func testCorpusHasAtLeastFortyStreams() throws {
        XCTAssertGreaterThanOrEqual(try TmuxDifferentialTests.corpusFiles().count, 40)
    }

    func testEveryCorpusStreamMatchesTmux() throws {
        guard let pane = TmuxPane() else {
            return XCTFail("tmux is not on PATH; run scripts/bootstrap to install it")
        }
        defer { pane.shutdown() }
        for file in try TmuxDifferentialTests.corpusFiles() {
            let bytes = Array(try Data(contentsOf: file.url))
            let tmux = TmuxCaptureParser.screen(try pane.play(bytes, columns: file.columns, rows: file.rows),
                                                columns: file.columns)
            // Whole, and in pieces of 1 to 13 bytes so sequences and characters straddle feeds.
            for pieces in [[bytes], TmuxDifferentialTests.split(bytes)] {
                let terminal = Terminal(columns: file.columns, rows: file.rows, scrollbackLimit: 100)
                for piece in pieces { terminal.feed(piece) }
                let ours = ComparableScreen(frame: terminal.frame())
                let differences = DifferentialComparison.differences(tmux: tmux, ours: ours)
                if let reason = TmuxDifferentialTests.followsXterm[file.url.lastPathComponent] {
                    XCTAssertFalse(differences.isEmpty, "\(file.url.lastPathComponent) now matches tmux; remove it from followsXterm (\(reason))")
                    break
                }
                XCTAssert(differences.isEmpty, "\(file.url.lastPathComponent) fed in \(pieces.count) pieces differs from tmux:\n"
                          + differences.prefix(6).joined(separator: "\n"))
            }
        }
    }
}

/// Cell-by-cell comparison with readable differences.
enum DifferentialComparison {
    static func differences(tmux: ComparableScreen, ours: ComparableScreen) -> [String] {
        var out: [String] = []
        for r in 0..<max(tmux.rows.count, ours.rows.count) {
            let a = r < tmux.rows.count ? tmux.rows[r] : []
            let b = r < ours.rows.count ? ours.rows[r] : []
            guard a != b else { continue }
            let column = (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
            out.append("row \(r + 1): tmux '\(tmux.text(r))'\n       ours '\(ours.text(r))'"
                       + "\n       first difference at character \(column + 1): tmux \(column < a.count ? a[column].description : "end")"
                       + ", ours \(column < b.count ? b[column].description : "end")")
        }
        if (tmux.cursorRow, tmux.cursorColumn) != (ours.cursorRow, ours.cursorColumn) {
            out.append("cursor: tmux \(tmux.cursorRow + 1),\(tmux.cursorColumn + 1) ours \(ours.cursorRow + 1),\(ours.cursorColumn + 1)")
        }
        if tmux.cursorVisible != ours.cursorVisible {
            out.append("cursor visible: tmux \(tmux.cursorVisible) ours \(ours.cursorVisible)")
        }
        return out
    }
}
