/// The emulator's framebuffer: primary and alternate grids, cursor, pen (current SGR),
/// margins, tab stops, charsets and history. It knows nothing about bytes or I/O: the
/// Terminal's dispatch translates control sequences into calls on it.
final class Screen {
    /// DECSC state: cursor, pen, origin mode, charsets, pending wrap.
    struct SavedCursor {
        var row = 0, column = 0
        var pendingWrap = false
        var pen = Attributes()
        var origin = false
        var g0 = Charset.ascii, g1 = Charset.ascii, g2 = Charset.ascii, g3 = Charset.ascii
        var shiftedOut = false
        var lockingShift: UInt8 = 0
        var lockingShiftRight: UInt8 = 2
    }

    /// The state nearly every byte touches, in manually allocated memory: the compiler cannot
    /// prove accesses to class properties exclusive, and the runtime checks it adds instead cost
    /// about a fifth of the throughput. Reached through the computed properties below.
    struct HotState {
        var columns = 0, rows = 0
        var row = 0, column = 0
        var pendingWrap = false
        var pen = Attributes()
        var penStyleCache: UInt32 = 0
        var penStyleValid = true
        var top = 0, bottom = 0, left = 0, right = 0
        var modes = TerminalModes()
        var translating = false
        var alternateShown = false
        /// `lastPrinted` (low half) and `wideRunColumn` + 1 (high half): every control and
        /// sequence clears both, so one word makes that one store.
        var afterPrint: UInt64 = 0
    }

    private let hot: UnsafeMutablePointer<HotState>
    /// `CharacterWidth.table`, held so printing does not pay a static's lazy check per character.
    let widths = CharacterWidth.table
    let primary: Grid
    let alternate: Grid
    let history: Scrollback

    var columns: Int {
        get { hot.pointee.columns }
        set { hot.pointee.columns = newValue }
    }
    var rows: Int {
        get { hot.pointee.rows }
        set { hot.pointee.rows = newValue }
    }
    /// The grid on show.
    var grid: Grid { hot.pointee.alternateShown ? alternate : primary }

    // Cursor (0-based, absolute).
    var row: Int {
        get { hot.pointee.row }
        set { hot.pointee.row = newValue }
    }
    var column: Int {
        get { hot.pointee.column }
        set { hot.pointee.column = newValue }
    }
    /// The last column was written with autowrap on: the next character wraps first.
    var pendingWrap: Bool {
        get { hot.pointee.pendingWrap }
        set { hot.pointee.pendingWrap = newValue }
    }
    /// The current SGR state; its style number is looked up lazily when text is written.
    var pen: Attributes {
        get { hot.pointee.pen }
        set {
            hot.pointee.pen = newValue
            hot.pointee.penStyleValid = false
        }
    }
    private var eraseStyleCache: UInt32 = 0
    private var eraseBackground = Color.default, eraseForeground = Color.default
    var styles = StyleTable()

    // Margins (inclusive, 0-based).
    var top: Int {
        get { hot.pointee.top }
        set { hot.pointee.top = newValue }
    }
    var bottom: Int {
        get { hot.pointee.bottom }
        set { hot.pointee.bottom = newValue }
    }
    var left: Int {
        get { hot.pointee.left }
        set { hot.pointee.left = newValue }
    }
    var right: Int {
        get { hot.pointee.right }
        set { hot.pointee.right = newValue }
    }

    var modes: TerminalModes {
        get { hot.pointee.modes }
        set { hot.pointee.modes = newValue }
    }
    var cursorStyle = CursorStyle.default
    var tabStops: [Bool]

    var g0 = Charset.ascii
    var g1 = Charset.ascii
    var g2 = Charset.ascii
    var g3 = Charset.ascii
    /// SO selected G1 into GL.
    var shiftedOut = false
    /// LS2/LS3 put G2 or G3 into GL (2, 3); 0 leaves GL to SO/SI.
    var lockingShift: UInt8 = 0
    /// SS2/SS3: the next character comes from G2 or G3 (2, 3); 0 for none.
    var singleShift: UInt8 = 0
    /// LS1R/LS2R/LS3R put G1, G2 or G3 into GR; xterm starts with G2.
    var lockingShiftRight: UInt8 = 2
    /// GR holds a set other than ASCII: xterm then stops decoding UTF-8 and takes each byte
    /// 0xA0–0xFF as one GR character (kept by `charsetsChanged`).
    var eightBitGraphics = false
    /// The charset currently in GL is not ASCII (the bulk ASCII path must translate).
    var translating: Bool { hot.pointee.translating }
    var penHidden: Bool { hot.pointee.pen.flags.contains(.hidden) }   // SGR 8: printing stores spaces

    /// Wide characters printed back to back are one run to xterm (see `print`): its row, where
    /// the last one started, and the next space of a hidden run.
    var wideRunRow = -1, wideRunStart = 0, hiddenRunNext = 0

    var savedPrimary = SavedCursor()
    var savedAlternate = SavedCursor()

    /// The character REP repeats and where a wide run continues (see `lastPrinted`).
    var afterPrint: UInt64 { get { hot.pointee.afterPrint } set { hot.pointee.afterPrint = newValue } }

    let clusters = ClusterTable()
    /// OSC 8 targets; bounded in count and, through `Screen.linkLengthLimit`, in size.
    var links = InternTable(limit: 4096)
    /// What the bytes fed have paid for compacting the tables above.
    var budget = CompactionBudget()

    init(columns: Int, rows: Int, scrollbackLimit: Int) {
        hot = .allocate(capacity: 1)
        hot.initialize(to: HotState())
        // Versions start at a random point, so frames from different terminals (or from the
        // two screens of one) never share a version by accident.
        let base = UInt64.random(in: 1...(1 << 61))
        primary = Grid(columns: columns, rows: rows, firstVersion: base)
        alternate = Grid(columns: columns, rows: rows, firstVersion: base + (1 << 61))
        history = Scrollback(limit: scrollbackLimit)
        tabStops = Screen.defaultTabStops(columns)
        self.columns = columns
        self.rows = rows
        bottom = rows - 1
        right = columns - 1
    }

    deinit {
        hot.deinitialize(count: 1)
        hot.deallocate()
    }

    static func defaultTabStops(_ columns: Int) -> [Bool] {
        (0..<columns).map { $0 % 8 == 0 && $0 > 0 }
    }

    var isAlternate: Bool { hot.pointee.alternateShown }

    /// The style number of the pen.
    @inline(__always)
    var penStyle: UInt32 {
        if hot.pointee.penStyleValid { return hot.pointee.penStyleCache }
        return refreshPenStyle()
    }

    /// The pen's style as last looked up (nil: stale); a sweep keeps it for the character being printed.
    var lookedUpPenStyle: UInt32? { hot.pointee.penStyleValid ? hot.pointee.penStyleCache : nil }

    private func refreshPenStyle() -> UInt32 {
        // Packed straight from the pen's storage: copying the 18-byte struct out first costs
        // a store-forwarding stall per SGR.
        let packed = withUnsafePointer(to: &hot.pointee.pen) { StyleTable.pack(fieldsOf: $0) }
        let id = packed ?? style(for: pen)
        hot.pointee.penStyleCache = id
        hot.pointee.penStyleValid = true
        return id
    }

    /// The style number of `attributes`. A full table is compacted when the budget allows;
    /// otherwise (or when every style is still in use) the nearest packed style stands in.
    func style(for attributes: Attributes) -> UInt32 {
        if let id = styles.id(for: attributes) { return id }
        if compactTablesIfPaid(), let id = styles.id(for: attributes) { return id }
        return StyleTable.approximate(attributes)
    }

    /// An erased cell: the current colours only (xterm 379 keeps the foreground too; DECRQCRA counts it).
    @inline(__always)
    var eraseCell: StoredCell {
        if pen.background == .default && pen.foreground == .default { return .blank(0) }
        if pen.background != eraseBackground || pen.foreground != eraseForeground {
            var a = Attributes()
            (a.background, a.foreground) = (pen.background, pen.foreground)
            eraseStyleCache = style(for: a)
            eraseBackground = pen.background
            eraseForeground = pen.foreground
        }
        return .blank(eraseStyleCache)
    }

    /// Forgets cached style numbers (after the table was compacted or cleared).
    func invalidateStyleCaches() {
        hot.pointee.penStyleValid = false
        eraseBackground = .default
        eraseForeground = .default
    }

    /// Called after any change to G0-G3 or the shifts: keeps the translation flags true.
    func charsetsChanged() {
        eightBitGraphics = graphicRight != .ascii
        hot.pointee.translating = singleShift != 0 || graphicLeft != .ascii || eightBitGraphics
    }

    // MARK: margins

    var hasFullWidthMargins: Bool { left == 0 && right == columns - 1 }

    /// The column the cursor stops at when moving or writing rightwards.
    @inline(__always)
    var rightLimit: Int { column <= right ? right : columns - 1 }

    /// The column CR and wrapping return to.
    var leftLimit: Int { column >= left ? left : 0 }

    /// DECSTBM (0-based, inclusive); a bottom past the screen is clamped, an empty region ignored.
    func setScrollRegion(top t: Int, bottom b: Int) {
        let b = min(b, rows - 1)
        guard t >= 0, t < b else { return }
        top = t
        bottom = b
        home()
    }

    /// DECSLRM (0-based, inclusive), only while DECLRMM (?69) is set.
    func setHorizontalMargins(left l: Int, right r: Int) {
        let r = min(r, columns - 1)
        guard modes.leftRightMarginMode, l >= 0, l < r else { return }
        left = l
        right = r
        home()
    }

    func resetMargins() {
        top = 0
        bottom = rows - 1
        left = 0
        right = columns - 1
    }

    /// Cursor to the home position (the origin's top-left in origin mode).
    func home() {
        row = modes.origin ? top : 0
        column = modes.origin ? left : 0
        pendingWrap = false
    }

    // MARK: screens

    /// Shows the alternate (`true`) or primary grid. The alternate grid is cleared on entry
    /// when `clear` (1047/1049).
    func useAlternate(_ on: Bool, clear: Bool) {
        guard on != isAlternate else { return }
        hot.pointee.alternateShown = on
        modes.alternateScreen = on
        if on && clear { alternate.clearAll(eraseCell) }
        grid.touch(rows: 0...(rows - 1))
    }

    func saveCursor() {
        let saved = SavedCursor(row: row, column: column, pendingWrap: pendingWrap, pen: pen, origin: modes.origin,
                                g0: g0, g1: g1, g2: g2, g3: g3, shiftedOut: shiftedOut, lockingShift: lockingShift,
                                lockingShiftRight: lockingShiftRight)
        if isAlternate { savedAlternate = saved } else { savedPrimary = saved }
    }

    func restoreCursor() {
        let saved = isAlternate ? savedAlternate : savedPrimary
        row = min(saved.row, rows - 1)
        column = min(saved.column, columns - 1)
        pendingWrap = saved.pendingWrap && column == columns - 1
        pen = saved.pen
        modes.origin = saved.origin
        g0 = saved.g0
        g1 = saved.g1
        g2 = saved.g2
        g3 = saved.g3
        shiftedOut = saved.shiftedOut
        lockingShift = saved.lockingShift
        lockingShiftRight = saved.lockingShiftRight
        charsetsChanged()
    }
}
