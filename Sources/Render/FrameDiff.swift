import VT

/// Turns what the local terminal shows (`previous`) into `next` with as few bytes as it can:
/// a pure function of two frames, in the manner of mosh's `Display::new_frame`.
///
/// The bytes assume the local terminal is in the state Drover's console puts it in (raw mode,
/// no output post-processing, autowrap on, no scroll margins, line-feed mode off) and leave it
/// so: each frame ends with the pen reset, no hyperlink open and the cursor at `next`'s cursor.
public enum FrameDiff {
    /// Bytes that make the local terminal show `next`. `previous == nil` (or a size change)
    /// clears and redraws everything. `rowVersionsComparable` says both frames were taken
    /// from the same screen with nothing composed over them, so equal `rowVersions` mean
    /// equal rows and those rows are skipped without comparing cells.
    public static func render(from previous: Frame?, to next: Frame,
                              capabilities: ConsoleCapabilities,
                              rowVersionsComparable: Bool = false) -> [UInt8] {
        var out: [UInt8] = []
        render(from: previous, to: next, capabilities: capabilities,
               rowVersionsComparable: rowVersionsComparable, into: &out)
        return out
    }

    /// As `render`, appending to `out`: a caller that keeps one buffer (and empties it with
    /// `removeAll(keepingCapacity:)`) draws frame after frame without allocating for the bytes.
    public static func render(from previous: Frame?, to next: Frame,
                              capabilities: ConsoleCapabilities,
                              rowVersionsComparable: Bool = false, into out: inout [UInt8]) {
        let start = out.count
        if capabilities.synchronizedOutput { out.append(contentsOf: synchronizedBegin) }
        let bodyStart = out.count
        let target = FramePreparation.normalized(next)
        var painter: FramePainter
        var shown: Frame
        let full: Bool
        if let previous, previous.columns == next.columns, previous.rows == next.rows {
            shown = FramePreparation.normalized(previous)
            full = false
            painter = FramePainter(columns: next.columns, capabilities: capabilities,
                                   cursor: ScreenPoint(row: shown.cursorRow, column: shown.cursorColumn))
        } else {
            shown = Frame(columns: next.columns, rows: next.rows)
            // A size change keeps the local terminal's title and reverse video: compare with them.
            if let previous { (shown.title, shown.reverseVideo) = (previous.title, previous.reverseVideo) }
            full = true
            painter = FramePainter(columns: next.columns, capabilities: capabilities,
                                   cursor: ScreenPoint(row: 0, column: 0))
        }
        swap(&painter.out, &out)
        defer { swap(&painter.out, &out) }
        if full { painter.out.append(contentsOf: clearScreen) }
        let aligned = FramePreparation.aligned(target, to: shown)
        let useVersions = rowVersionsComparable && !full
        var changed = changedRows(shown, aligned, useVersions: useVersions)

        if !full, changed.reduce(0, { $0 + ($1 ? 1 : 0) }) >= ScrollDetector.minimumGain,
           let plan = ScrollDetector.detect(previous: shown, next: aligned, changed: changed) {
            scroll(plan, rows: next.rows, painter: &painter)
            shown = ScrollDetector.apply(plan, to: shown)
            changed = changedRows(shown, aligned, useVersions: false)
        }

        for row in 0..<next.rows where changed[row] {
            painter.paintRow(row, of: aligned, over: shown)
        }
        painter.finish()
        appendModes(shown: shown, next: aligned, full: full, painter: &painter)

        if painter.out.count == bodyStart {
            painter.out.removeLast(painter.out.count - start)
        } else if capabilities.synchronizedOutput {
            painter.out.append(contentsOf: synchronizedEnd)
        }
    }

    private static let synchronizedBegin: [UInt8] = Array("\u{1B}[?2026h".utf8)
    private static let synchronizedEnd: [UInt8] = Array("\u{1B}[?2026l".utf8)
    private static let clearScreen: [UInt8] = Array("\u{1B}[m\u{1B}[H\u{1B}[2J".utf8)

    /// Which rows differ (equal versions count as equal when they are comparable).
    private static func changedRows(_ shown: Frame, _ next: Frame, useVersions: Bool) -> [Bool] {
        (0..<next.rows).map { row in
            if useVersions && shown.rowVersions[row] == next.rowVersions[row] { return false }
            return !RowComparison.equal(shown, row, next, row)
        }
    }

    /// Scrolls the region with DECSTBM + SU/SD (margins reset afterwards; both home the cursor).
    private static func scroll(_ plan: ScrollPlan, rows: Int, painter: inout FramePainter) {
        painter.setPen(.plain)
        let fullScreen = plan.top == 0 && plan.bottom == rows - 1
        if !fullScreen {
            painter.out.appendCSI()
            painter.out.appendNumber(plan.top + 1)
            painter.out.append(UInt8(ascii: ";"))
            painter.out.appendNumber(plan.bottom + 1)
            painter.out.append(UInt8(ascii: "r"))
        }
        painter.out.appendCSI(count: abs(plan.shift), final: UInt8(ascii: plan.shift > 0 ? "S" : "T"))
        if !fullScreen {
            painter.out.appendCSI("r")
            painter.cursor = ScreenPoint(row: 0, column: 0)
        }
    }

    /// Title, reverse video, cursor style, position and visibility.
    private static func appendModes(shown: Frame, next: Frame, full: Bool, painter: inout FramePainter) {
        if (next.title != shown.title || full), case let title = TextSanitizer.title(next.title),
           title != TextSanitizer.title(shown.title) || (full && !title.isEmpty) {
            painter.out.append(contentsOf: [0x1B, UInt8(ascii: "]"), UInt8(ascii: "2"), UInt8(ascii: ";")])
            painter.out.append(title)
            painter.out.append(contentsOf: [0x1B, UInt8(ascii: "\\")])
        }
        if next.reverseVideo != shown.reverseVideo || (full && next.reverseVideo) {
            painter.out.appendCSI(next.reverseVideo ? "?5h" : "?5l")
        }
        if next.cursorStyle != shown.cursorStyle || full {
            painter.out.appendCSI()
            painter.out.appendNumber(Int(next.cursorStyle.rawValue))
            painter.out.append(contentsOf: [0x20, UInt8(ascii: "q")])
        }
        painter.moveCursor(to: ScreenPoint(row: next.cursorRow, column: next.cursorColumn))
        if next.cursorVisible != shown.cursorVisible || full {
            painter.out.appendCSI(next.cursorVisible ? "?25h" : "?25l")
        }
    }
}
