// libFuzzer target for the renderer: FrameDiff's bytes must bring a terminal that shows one
// emulator frame to the next. Built by scripts/fuzz against the VT, TextSafety and Render
// modules (compiled with -enable-testing, hence the @testable imports).
//
// Three emulators of one size: `source` is fed the stream in pieces and gives the frames
// (taken with `frame(updating:)`, the damage path); `reference` is fed the same bytes whole
// and says what the screen must show; `local` plays the user's terminal and is fed only the
// renderer's bytes. At every frame boundary the diff from `source`'s previous frame to its
// new one goes to `local`, which must then show `reference`'s frame.
//
// Input layout: byte 0 and 1 pick the size, byte 2 the local terminal's capabilities (bit 0
// truecolor, bit 1 synchronized output, bit 2 hyperlinks). In the rest, FD FE ends a frame
// and FD FC c r resizes all three (to sizes from c and r) and ends one; the end of the data
// ends the last frame.
@testable import Render
@testable import VT

@_cdecl("LLVMFuzzerTestOneInput")
public func frameDiffFuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data, size >= 3 else { return 0 }
    let input = UnsafeBufferPointer(start: data, count: size)
    let caps = ConsoleCapabilities(truecolor: input[2] & 1 != 0, synchronizedOutput: input[2] & 2 != 0,
                                    hyperlinks: input[2] & 4 != 0)
    var run = FrameDiffRun(columns: 1 + Int(input[0] % 100), rows: 1 + Int(input[1] % 40), capabilities: caps)
    var index = 3
    var segmentStart = index
    while index < size {
        guard input[index] == 0xFD, index + 1 < size, input[index + 1] == 0xFE || input[index + 1] == 0xFC else {
            index += 1
            continue
        }
        run.feed(UnsafeBufferPointer(rebasing: input[segmentStart..<index]))
        if input[index + 1] == 0xFC, index + 3 < size {
            run.resize(columns: 1 + Int(input[index + 2] % 120), rows: 1 + Int(input[index + 3] % 50))
            index += 4
        } else {
            index += 2
        }
        run.check()
        segmentStart = index
    }
    run.feed(UnsafeBufferPointer(rebasing: input[segmentStart..<size]))
    run.check()
    return 0
}

/// The three emulators and the frame `local` shows.
struct FrameDiffRun {
    let source: Terminal, reference: Terminal, local: Terminal
    let capabilities: ConsoleCapabilities
    var shown: Frame?

    init(columns: Int, rows: Int, capabilities: ConsoleCapabilities) {
        source = Terminal(columns: columns, rows: rows, scrollbackLimit: 16)
        reference = Terminal(columns: columns, rows: rows, scrollbackLimit: 16)
        local = Terminal(columns: columns, rows: rows, scrollbackLimit: 0)
        self.capabilities = capabilities
    }

    /// Feeds `bytes` whole to `reference` and in data-sized pieces to `source`.
    func feed(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        reference.feed(UnsafeRawBufferPointer(bytes))
        var offset = 0
        while offset < bytes.count {
            let length = min(bytes.count - offset, 1 + Int(bytes[offset]) % 61)
            source.feed(UnsafeRawBufferPointer(start: base + offset, count: length))
            offset += length
        }
        _ = source.takeReplies()
        _ = reference.takeReplies()
    }

    func resize(columns: Int, rows: Int) {
        for terminal in [source, reference, local] { terminal.resize(columns: columns, rows: rows) }
    }

    /// Renders `source`'s new frame over the shown one into `local` and compares with `reference`.
    mutating func check() {
        let next = shown.map { source.frame(updating: $0) } ?? source.frame()
        let bytes = FrameDiff.render(from: shown, to: next, capabilities: capabilities,
                                     rowVersionsComparable: shown != nil)
        local.feed(bytes)
        _ = local.takeReplies()
        shown = next
        let fresh = reference.frame()
        precondition(next.cells == fresh.cells || sameScreen(next, fresh),
                     "the frame taken with damage differs from a fresh frame of the same stream")
        // Like tmux, the emulator may hold half a wide character (ICH on its second half); a
        // terminal cannot show that, and the renderer draws a blank there by design.
        let expected = FramePreparation.normalized(fresh)
        let actual = local.frame()
        precondition(actual.rows == expected.rows && actual.columns == expected.columns, "local size differs")
        for row in 0..<expected.rows {
            for column in 0..<expected.columns where !sameCell(row, column, actual, expected) {
                preconditionFailure("cell \(row),\(column) differs after the diff: want "
                                    + "\(expected.rowText(row).debugDescription) got \(actual.rowText(row).debugDescription)")
            }
        }
        precondition(actual.cursorRow == expected.cursorRow && actual.cursorColumn == expected.cursorColumn,
                     "cursor at \(actual.cursorRow),\(actual.cursorColumn), want \(expected.cursorRow),\(expected.cursorColumn)")
        precondition(actual.cursorVisible == expected.cursorVisible && actual.cursorStyle == expected.cursorStyle,
                     "cursor visibility or style differs")
        precondition(actual.reverseVideo == expected.reverseVideo, "reverse video differs")
        precondition(actual.title == TextSanitizer.title(expected.title), "title differs")
    }

    /// Same text, width, rendition (as the capabilities can show it) and link target.
    private func sameCell(_ row: Int, _ column: Int, _ actual: Frame, _ expected: Frame) -> Bool {
        let want = expected[row, column], got = actual[row, column]
        guard want.width == got.width else { return false }
        if want.width != 0 && Self.drawn(expected.text(of: want)) != actual.text(of: got) { return false }
        let wantAttributes = SGREncoder.adapted(want.attributes, truecolor: capabilities.truecolor)
        guard SGREncoder.sameRendition(wantAttributes, got.attributes) else { return false }
        let wantLink = capabilities.hyperlinks ? link(want, expected).flatMap(TextSanitizer.uri) : nil
        return wantLink == link(got, actual)
    }

    /// A cell's text as the renderer draws it: bidi marks and zero-width joiners riding on a
    /// cell are left out by design (`FramePainter.isLeftOut`), and a cell of nothing but marks
    /// is drawn as a space.
    static func drawn(_ text: String) -> String {
        let kept = String(String.UnicodeScalarView(text.unicodeScalars.filter { !FramePainter.isLeftOut($0) }))
        return kept.isEmpty && !text.isEmpty ? " " : kept
    }

    private func sameScreen(_ a: Frame, _ b: Frame) -> Bool {
        guard a.rows == b.rows, a.columns == b.columns else { return false }
        for row in 0..<a.rows {
            for column in 0..<a.columns {
                let x = a[row, column], y = b[row, column]
                guard x.width == y.width, a.text(of: x) == b.text(of: y),
                      SGREncoder.sameRendition(x.attributes, y.attributes), link(x, a) == link(y, b) else { return false }
            }
        }
        return true
    }

    private func link(_ cell: Cell, _ frame: Frame) -> String? {
        let index = Int(cell.attributes.link)
        return index > 0 && index <= frame.links.count ? frame.links[index - 1] : nil
    }
}
