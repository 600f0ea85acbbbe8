/// The emulator façade: bytes from the remote go in through `feed`, the renderer takes
/// `frame()` snapshots, and answers the remote asked for (DA, CPR, DECRQM…) come out of
/// `takeReplies()`. Not thread-safe: one owner feeds and reads it.
public final class Terminal {
    var parser = Parser()
    let screen: Screen
    var replies: [UInt8] = []
    /// DCS data kept for DECRQSS (`DCS $ q … ST`); other DCS strings are dropped.
    var dcsKind = DCSKind.ignored
    var dcsBuffer: [UInt8] = []
    /// The last size the remote asked for (XTWINOPS 8t, DECSLPP, DECSCPP), never applied: the
    /// local terminal decides the size. The console may show it; nil fields were not asked.
    public internal(set) var resizeRequest: ResizeRequest?
    /// DECSCL level: 1 (VT100) to 4 (VT400, the default).
    var conformanceLevel = 4
    /// DECSACE 2: DECCARA/DECRARA change a rectangle, not the stream of text between corners.
    var rectangularAttributeChanges = false
    /// Modes kept only for DECRQM (scroll speed, margin bell, Meta key choices…).
    var reportedModes = ReportedModes()
    /// XTWINOPS 22/23 saved titles.
    var titleStack: [String] = []

    /// Window title from OSC 0/2.
    public internal(set) var title = ""
    /// How many BEL characters the remote sent (outside strings); the console can ring the
    /// local bell when it changes.
    public internal(set) var bellCount = 0
    /// The last checked OSC 52 write not yet taken (`takeClipboardWrite`); a later one replaces it.
    var clipboardWrite: [UInt8]?
    /// How many OSC 9 / OSC 99 / OSC 777 notifications arrived, and the last one.
    public internal(set) var notificationCount = 0
    public internal(set) var lastNotification: RemoteNotification?
    /// OSC 99 notifications still waiting for their last piece.
    var kittyNotifications = KittyNotificationPieces()
    /// The last OSC 9;4 progress (nil: none, or removed), and how many reports arrived.
    public internal(set) var progress: RemoteProgress?
    public internal(set) var progressCount = 0
    /// The local terminal's colours: the defaults OSC 10–19 queries report.
    public var colors = TerminalColors()
    /// Colours the remote set with OSC 4/5/10–19 (answers only; nothing is drawn with them).
    var colorTable = ColorTable()
    /// The local terminal's cell size in pixels, for XTWINOPS 14t/16t.
    public var cellPixelSize: (width: Int, height: Int) = (width: 8, height: 16)

    /// A size beyond `ScreenLimits` is clamped to them: the last guard, whoever asked for it.
    public init(columns: Int, rows: Int, scrollbackLimit: Int = 10_000) {
        let size = ScreenLimits.clamped(columns: columns, rows: rows)
        screen = Screen(columns: size.columns, rows: size.rows, scrollbackLimit: scrollbackLimit)
    }

    public var columns: Int { screen.columns }
    public var rows: Int { screen.rows }

    /// The modes the remote set (mouse, DECCKM, bracketed paste, focus, 2026…).
    public var modes: TerminalModes { screen.modes }

    /// False while the remote is inside a synchronized update (`?2026h` … `?2026l`).
    public var isFrameComplete: Bool { !screen.modes.synchronizedOutput }

    /// Cursor position, 0-based.
    public var cursor: (row: Int, column: Int) { (screen.row, screen.column) }

    /// The primary screen's history, oldest line first.
    public var scrollback: ScrollbackLines { ScrollbackLines(screen: screen) }

    /// Feeds bytes from the remote (the hot path), in slices so that the table-compaction
    /// budget (`CompactionBudget`) is earned as the bytes go by, not all up front.
    public func feed(_ bytes: UnsafeRawBufferPointer) {
        var offset = 0
        repeat {
            let end = min(offset + Terminal.budgetSlice, bytes.count)
            screen.budget.earn(bytes: end - offset)
            parser.advance(UnsafeRawBufferPointer(rebasing: bytes[offset..<end]), self)
            offset = end
        } while offset < bytes.count
    }

    static let budgetSlice = 4096

    public func feed(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { feed($0) }
    }

    public func feed(_ text: String) {
        var text = text
        text.withUTF8 { feed(UnsafeRawBufferPointer($0)) }
    }

    /// Bytes to send to the remote, in order; the queue is emptied. The caller is handed the
    /// queue's own buffer (no copy), and an empty queue answers the shared empty array, so the
    /// call made after every read allocates nothing when the remote asked nothing.
    public func takeReplies() -> [UInt8] {
        guard !replies.isEmpty else { return [] }
        let taken = replies
        replies = []
        return taken
    }

    /// Resizes both screens (see `Screen.resize` for what happens to the text), within
    /// `ScreenLimits`.
    public func resize(columns: Int, rows: Int) {
        let size = ScreenLimits.clamped(columns: columns, rows: rows)
        screen.resize(columns: size.columns, rows: size.rows)
    }

    func reply(_ text: String) {
        replies.append(contentsOf: text.utf8)
    }
}

/// A window size the remote asked for; see `Terminal.resizeRequest`.
public struct ResizeRequest: Equatable, Sendable {
    public var rows: Int?
    public var columns: Int?
}
