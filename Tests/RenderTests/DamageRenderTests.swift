import XCTest
import TestSupport
@testable import VT
@testable import Render

/// Rendering from damage must change nothing a user can see: a frame kept up to date from row
/// versions equals a fresh full frame, and `ScreenRenderer`'s bytes make a second emulator show
/// exactly what a fresh frame (with the overlay, if any) shows, after random streams that
/// scroll, switch to the alternate screen, resize and show and hide overlays.
final class DamageRenderTests: XCTestCase {
    func testDamageFrameEqualsAFreshFrameAfterRandomStreams() {
        for seed in UInt64(1)...30 {
            var random = SeededRandom(seed: seed)
            let remote = Terminal(columns: 16, rows: 6, scrollbackLimit: 50)
            var kept = remote.frame()
            for step in 0..<60 {
                if random.chance(0.05) {
                    remote.resize(columns: Int.random(in: 4...24, using: &random), rows: Int.random(in: 2...9, using: &random))
                } else {
                    remote.feed(RemoteStream.chunk(&random))
                }
                remote.update(&kept)
                XCTAssertEqual(kept, remote.frame(), "seed \(seed) step \(step)")
                if kept != remote.frame() { return }
            }
        }
    }

    func testScreenRendererMatchesAFreshFrameAfterRandomStreams() {
        var alternateSeen = 0
        var overlaysShown = 0
        for seed in UInt64(1)...30 {
            var random = SeededRandom(seed: seed &* 7919)
            let remote = Terminal(columns: 16, rows: 6, scrollbackLimit: 50)
            let local = Terminal(columns: 16, rows: 6)
            let capabilities = ConsoleCapabilities(synchronizedOutput: random.chance(0.5))
            var renderer = ScreenRenderer(capabilities: capabilities)
            var overlay: Overlay?
            // The path before damage: a fresh frame each time, diffed against the last one.
            var fullShown: Frame?
            var fullShownHadOverlay = false
            for step in 0..<60 {
                switch Int.random(in: 0..<20, using: &random) {
                case 0:
                    let columns = Int.random(in: 4...24, using: &random), rows = Int.random(in: 2...9, using: &random)
                    remote.resize(columns: columns, rows: rows)
                    local.resize(columns: columns, rows: rows)
                    renderer.invalidate()
                    fullShown = nil
                case 1:
                    overlay = overlay == nil ? .status("connection lost, retrying") : nil
                case 2:
                    overlay = overlay == nil ? .box(title: "q", lines: ["trust this host?", "yes"], showsCursor: true) : nil
                default:
                    remote.feed(RemoteStream.chunk(&random))
                }
                if remote.frame().alternateScreen { alternateSeen += 1 }
                if overlay != nil { overlaysShown += 1 }
                let bytes = renderer.render(remote, overlay: overlay)
                local.feed(bytes)
                var full = remote.frame()
                if let overlay { full = overlay.composed(onto: full) }
                let fullBytes = FrameDiff.render(from: fullShown, to: full, capabilities: capabilities,
                                                 rowVersionsComparable: fullShown != nil && !fullShownHadOverlay && overlay == nil)
                fullShown = full
                fullShownHadOverlay = overlay != nil
                XCTAssertEqual(bytes.escaped, fullBytes.escaped, "seed \(seed) step \(step): same bytes as a full frame")
                var expected = remote.frame()
                // A box edge can cut a wide character in half: the renderer draws the
                // normalized frame (the orphaned half becomes a blank), as it always has.
                if let overlay { expected = FramePreparation.normalized(overlay.composed(onto: expected)) }
                guard shows(local, expected, "seed \(seed) step \(step)") else { return }
            }
        }
        XCTAssertGreaterThan(alternateSeen, 50, "the alternate screen must be exercised")
        XCTAssertGreaterThan(overlaysShown, 50, "overlays must be exercised")
    }

    /// What `local` shows equals `expected` in text, rendition, cursor and title.
    private func shows(_ local: Terminal, _ expected: Frame, _ context: String) -> Bool {
        let actual = local.frame()
        for row in 0..<expected.rows {
            for column in 0..<expected.columns {
                let want = expected[row, column], got = actual[row, column]
                let same = want.width == got.width
                    && (want.width == 0 || expected.text(of: want) == actual.text(of: got))
                    && SGREncoder.sameRendition(want.attributes, got.attributes)
                if !same {
                    XCTFail("\(context): cell \(row),\(column)\nwant \((0..<expected.rows).map { expected.rowText($0) })\n"
                            + "got  \((0..<actual.rows).map { actual.rowText($0) })")
                    return false
                }
            }
        }
        guard actual.cursorRow == expected.cursorRow, actual.cursorColumn == expected.cursorColumn,
              actual.cursorVisible == expected.cursorVisible else {
            XCTFail("\(context): cursor \(actual.cursorRow),\(actual.cursorColumn) want \(expected.cursorRow),\(expected.cursorColumn)")
            return false
        }
        XCTAssertEqual(actual.title, TextSanitizer.title(expected.title), context)
        return true
    }
}

/// Random remote output: text (some wide, some combining), colours, cursor moves, erases,
/// line feeds at the bottom (scrolling), scroll regions, insert/delete lines, the alternate
/// screen, titles, hidden cursor, and the rectangle, column and margin edits (DECCRA, DECFRA,
/// DECERA, DECSERA, DECCARA, DECIC/DECDC, DECSLRM scrolling, DECALN) that write rows their own way.
enum RemoteStream {
    static func chunk(_ random: inout SeededRandom) -> [UInt8] {
        var s = ""
        for _ in 0..<Int.random(in: 1...6, using: &random) {
            switch Int.random(in: 0..<18, using: &random) {
            case 0...3: s += random.pick(["hello", "wörld", "日本", "e\u{301}x", "abc def", "█▀"])
            case 4: s += "\u{1B}[\(random.pick(["1", "31", "42", "38;5;200", "48;2;1;2;3", "7", "0", "4"]))m"
            case 5: s += "\u{1B}[\(Int.random(in: 1...9, using: &random));\(Int.random(in: 1...24, using: &random))H"
            case 6: s += "\r\n"
            case 7: s += "\n\n\n"
            case 8: s += "\u{1B}[\(random.pick(["K", "1K", "2K", "J", "2J", "3X", "2P", "3@"]))"
            case 9: s += "\u{1B}[\(Int.random(in: 1...3, using: &random));\(Int.random(in: 4...8, using: &random))r"
            case 10: s += random.pick(["\u{1B}D", "\u{1B}M", "\u{1B}[2S", "\u{1B}[T", "\u{1B}[L", "\u{1B}[2M"])
            case 11: s += random.pick(["\u{1B}[?1049h", "\u{1B}[?1049l", "\u{1B}[?47h", "\u{1B}[?47l"])
            case 12: s += "\u{1B}]2;title \(Int.random(in: 0...9, using: &random))\u{07}"
            case 13: s += random.pick(["\u{1B}[?25l", "\u{1B}[?25h", "\u{1B}[r"])
            case 14: s += random.pick(["\u{1B}[2;2;4;6;1;5;3;1$v", "\u{1B}[42;1;1;3;5$x", "\u{1B}[2;2;5;9$z",
                                       "\u{1B}[1;1;9;9${", "\u{1B}[1;1;4;8;1;7$r", "\u{1B}#8"])
            case 15: s += random.pick(["\u{1B}[?69h\u{1B}[3;12s", "\u{1B}[2'}", "\u{1B}[1'~", "\u{1B}[?69l",
                                       "\u{1B}[2S", "\u{1B}6", "\u{1B}9"])
            default: s += String(repeating: random.pick(["x", "-", " "]), count: Int.random(in: 1...30, using: &random))
            }
        }
        return Array(s.utf8)
    }
}
