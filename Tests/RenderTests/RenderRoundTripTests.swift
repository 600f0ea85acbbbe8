import XCTest
import TestSupport
@testable import VT
@testable import Render

/// The key correctness property: for random pairs of frames, feeding the renderer's bytes to
/// a real `Terminal` that shows the first frame makes it show the second exactly (text,
/// attributes, links, cursor, title, modes).
final class RenderRoundTripTests: XCTestCase {
    func testRandomFramePairsRoundTripThroughTheEmulator() {
        var random = SeededRandom(seed: 0x5EED)
        var scrolled = 0
        var erasedInside = 0
        for iteration in 0..<400 {
            let columns = [1, 2, 5, 12, 31][iteration % 5]
            let rows = [1, 3, 6, 9][iteration % 4]
            var generator = FrameGenerator(columns: columns, rows: rows)
            let previous = generator.frame(&random)
            let next = generator.successor(of: previous, &random)
            let caps = ConsoleCapabilities(truecolor: true, synchronizedOutput: random.chance(0.5),
                                            hyperlinks: true)
            let terminal = Terminal(columns: columns, rows: rows)
            terminal.feed(FrameDiff.render(from: nil, to: previous, capabilities: caps))
            guard assertShows(terminal, previous, "iteration \(iteration) first frame") else { return }
            let bytes = FrameDiff.render(from: previous, to: next, capabilities: caps)
            if ScrollDetector.detect(previous: previous, next: next) != nil { scrolled += 1 }
            if bytes.escaped.range(of: "⎋\\[[0-9]+X", options: .regularExpression) != nil { erasedInside += 1 }
            terminal.feed(bytes)
            guard assertShows(terminal, next, "iteration \(iteration) bytes \(bytes.escaped)") else { return }
        }
        XCTAssertGreaterThan(scrolled, 10, "the scroll path must be exercised")
        XCTAssertGreaterThan(erasedInside, 15, "the ECH path must be exercised")
    }

    func testChainsOfFramesStayInStep() {
        var random = SeededRandom(seed: 42)
        var generator = FrameGenerator(columns: 20, rows: 8)
        let caps = ConsoleCapabilities()
        let terminal = Terminal(columns: 20, rows: 8)
        var shown = generator.frame(&random)
        terminal.feed(FrameDiff.render(from: nil, to: shown, capabilities: caps))
        for step in 0..<300 {
            let next = generator.successor(of: shown, &random)
            terminal.feed(FrameDiff.render(from: shown, to: next, capabilities: caps))
            guard assertShows(terminal, next, "step \(step)") else { return }
            shown = next
        }
    }

    func testDowngradedColoursRoundTripAsTheirPaletteIndex() {
        var random = SeededRandom(seed: 7)
        let caps = ConsoleCapabilities(truecolor: false)
        for iteration in 0..<100 {
            var generator = FrameGenerator(columns: 10, rows: 4)
            let previous = generator.frame(&random)
            let next = generator.successor(of: previous, &random)
            let terminal = Terminal(columns: 10, rows: 4)
            terminal.feed(FrameDiff.render(from: nil, to: previous, capabilities: caps))
            terminal.feed(FrameDiff.render(from: previous, to: next, capabilities: caps))
            var expected = next
            for index in expected.cells.indices {
                expected.cells[index].attributes = SGREncoder.adapted(expected.cells[index].attributes, truecolor: false)
            }
            guard assertShows(terminal, expected, "iteration \(iteration)") else { return }
        }
    }

    /// Compares what the terminal shows with `expected`; reports the first difference.
    @discardableResult
    func assertShows(_ terminal: Terminal, _ expected: Frame, _ context: String,
                     file: StaticString = #filePath, line: UInt = #line) -> Bool {
        let actual = terminal.frame()
        for row in 0..<expected.rows {
            for column in 0..<expected.columns {
                let want = expected[row, column], got = actual[row, column]
                let same = want.width == got.width
                    && (want.width == 0 || expected.text(of: want) == actual.text(of: got))
                    && SGREncoder.sameRendition(want.attributes, got.attributes)
                    && link(want, expected) == link(got, actual)
                if !same {
                    XCTFail("\(context): cell \(row),\(column) want \(describe(want, expected)) got \(describe(got, actual))\n"
                            + "want rows \((0..<expected.rows).map { expected.rowText($0) })\n"
                            + "got rows  \((0..<actual.rows).map { actual.rowText($0) })", file: file, line: line)
                    return false
                }
            }
        }
        let cursorOK = actual.cursorRow == expected.cursorRow && actual.cursorColumn == expected.cursorColumn
            && actual.cursorVisible == expected.cursorVisible && actual.cursorStyle == expected.cursorStyle
        XCTAssertTrue(cursorOK, "\(context): cursor \(actual.cursorRow),\(actual.cursorColumn) "
                      + "want \(expected.cursorRow),\(expected.cursorColumn)", file: file, line: line)
        XCTAssertEqual(actual.title, TextSanitizer.title(expected.title), context, file: file, line: line)
        XCTAssertEqual(actual.reverseVideo, expected.reverseVideo, context, file: file, line: line)
        XCTAssertTrue(terminal.isFrameComplete, context, file: file, line: line)
        return cursorOK
    }

    private func link(_ cell: Cell, _ frame: Frame) -> String? {
        let index = Int(cell.attributes.link)
        return index > 0 && index <= frame.links.count ? frame.links[index - 1] : nil
    }

    private func describe(_ cell: Cell, _ frame: Frame) -> String {
        "\(frame.text(of: cell).debugDescription) w\(cell.width) \(cell.attributes)"
    }
}

/// Random well-formed frames, and successors that look like real screen updates (a few
/// rows edited, a region scrolled, or everything replaced).
struct FrameGenerator {
    let columns: Int
    let rows: Int
    let narrow: [UInt32] = Array("abcxyzé#-_ ".unicodeScalars.map(\.value)) + [0, 0, 0]
    let wide: [UInt32] = [0x3042, 0x4E2D, 0xFF21]
    let links = ["https://example.com/a", "https://example.com/b"]
    let clusters = ["e\u{301}", "a\u{308}"]

    mutating func frame(_ random: inout SeededRandom) -> Frame {
        var frame = Frame(columns: columns, rows: rows)
        frame.links = links
        frame.clusters = clusters
        for row in 0..<rows { fill(row: row, of: &frame, &random) }
        randomizeState(&frame, &random)
        return frame
    }

    mutating func successor(of previous: Frame, _ random: inout SeededRandom) -> Frame {
        var next = previous
        switch Int.random(in: 0..<10, using: &random) {
        case 0:
            return frame(&random)
        case 1...3 where rows > 2:
            let top = Int.random(in: 0..<(rows - 1), using: &random)
            let bottom = Int.random(in: (top + 1)..<rows, using: &random)
            let shift = Int.random(in: 1...(bottom - top), using: &random) * (random.chance(0.7) ? 1 : -1)
            for row in top...bottom {
                let source = row + shift
                if source >= top && source <= bottom {
                    for column in 0..<columns { next[row, column] = previous[source, column] }
                } else {
                    fill(row: row, of: &next, &random)
                }
            }
            if random.chance(0.5) { fill(row: Int.random(in: 0..<rows, using: &random), of: &next, &random) }
        default:
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                let row = Int.random(in: 0..<rows, using: &random)
                if random.chance(0.5) {
                    fill(row: row, of: &next, &random)
                } else {
                    editFewCells(row: row, of: &next, &random)
                }
            }
        }
        if random.chance(0.5) { randomizeState(&next, &random) }
        return next
    }

    private func randomizeState(_ frame: inout Frame, _ random: inout SeededRandom) {
        frame.cursorRow = Int.random(in: 0..<rows, using: &random)
        frame.cursorColumn = Int.random(in: 0..<columns, using: &random)
        frame.cursorVisible = random.chance(0.8)
        frame.cursorStyle = random.pick([.default, .steadyBar, .blinkingUnderline])
        frame.title = random.pick(["", "shell", "vim \u{1B}]evil", "日本"])
        frame.reverseVideo = random.chance(0.1)
    }

    private func fill(row: Int, of frame: inout Frame, _ random: inout SeededRandom) {
        let style = randomAttributes(&random)
        let blankTail = random.chance(0.4) ? Int.random(in: 0...columns, using: &random) : columns
        var column = 0
        while column < columns {
            let attributes = random.chance(0.3) ? randomAttributes(&random) : style
            if column >= blankTail {
                var erased = Attributes.plain
                erased.background = style.background
                frame[row, column] = .blank(erased)
                column += 1
                continue
            }
            column += put(at: row, column, attributes, in: &frame, &random)
        }
        if columns > 12 && random.chance(0.3) {
            // A long blank stretch inside the row (what ECH is for).
            let start = Int.random(in: 1..<(columns - 11), using: &random)
            let end = start + Int.random(in: 10...(columns - start - 1), using: &random)
            if frame[row, start].width == 0 { frame[row, start - 1] = .blank() }
            if end < columns && frame[row, end].width == 0 { frame[row, end] = .blank() }
            var erased = Attributes.plain
            erased.background = style.background
            for column in start..<min(end, columns) { frame[row, column] = .blank(erased) }
        }
    }

    private func editFewCells(row: Int, of frame: inout Frame, _ random: inout SeededRandom) {
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            let column = Int.random(in: 0..<columns, using: &random)
            // Keep the row well formed: clear a wide character this edit would split.
            if frame[row, column].width == 0 { frame[row, column - 1] = .blank() }
            if frame[row, column].width == 2 { frame[row, column + 1] = .blank() }
            _ = put(at: row, column, randomAttributes(&random), in: &frame, &random)
        }
    }

    /// Puts one random character at the position; returns the columns it took.
    private func put(at row: Int, _ column: Int, _ attributes: Attributes, in frame: inout Frame,
                     _ random: inout SeededRandom) -> Int {
        let roll = Int.random(in: 0..<10, using: &random)
        if roll == 0 && column + 1 < columns && frame[row, column + 1].width != 2 {
            frame[row, column] = Cell(content: random.pick(wide), width: 2, attributes: attributes)
            frame[row, column + 1] = Cell(content: 0, width: 0, attributes: attributes)
            return 2
        }
        if roll == 1 {
            let index = UInt32(Int.random(in: 0..<clusters.count, using: &random))
            frame[row, column] = Cell(content: Cell.clusterBase + index, width: 1, attributes: attributes)
            return 1
        }
        frame[row, column] = Cell(content: random.pick(narrow), width: 1, attributes: attributes)
        return 1
    }

    private func randomAttributes(_ random: inout SeededRandom) -> Attributes {
        var attributes = Attributes.plain
        if random.chance(0.5) { return attributes }
        let flags: [Attributes.Flags] = [.bold, .faint, .italic, .blink, .inverse, .strikethrough, .overline]
        for flag in flags where random.chance(0.2) { attributes.flags.insert(flag) }
        if random.chance(0.2) { attributes.underline = random.pick([.single, .double, .curly]) }
        attributes.foreground = randomColor(&random)
        attributes.background = randomColor(&random)
        if random.chance(0.1) { attributes.underlineColor = randomColor(&random) }
        if random.chance(0.15) { attributes.link = UInt16(Int.random(in: 1...links.count, using: &random)) }
        return attributes
    }

    private func randomColor(_ random: inout SeededRandom) -> Color {
        switch Int.random(in: 0..<4, using: &random) {
        case 0: return .default
        case 1: return .indexed(UInt8.random(in: 0...15, using: &random))
        case 2: return .indexed(UInt8.random(in: 16...255, using: &random))
        default: return .rgb(UInt8.random(in: 0...255, using: &random), UInt8.random(in: 0...255, using: &random),
                             UInt8.random(in: 0...255, using: &random))
        }
    }
}
