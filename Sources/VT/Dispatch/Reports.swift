/// Answers to device queries: DA1, DA2, DA3, DSR/CPR, XTVERSION, XTWINOPS.
extension Terminal {
    /// The name and version XTVERSION reports.
    static let versionName = "drover(0.1.0)"

    /// DA1 (and DECID): as a VT420-level xterm (see `primaryAttributes`).
    func primaryDeviceAttributes() {
        reply(Terminal.primaryAttributes)
    }

    /// DA2: as xterm 379 (a VT420).
    func secondaryDeviceAttributes(_ parameter: Int) {
        guard parameter == 0 else { return }
        reply(Terminal.secondaryAttributes)
    }

    /// DA3: xterm's unit ID.
    func tertiaryDeviceAttributes(_ parameter: Int) {
        guard parameter == 0 else { return }
        reply(Terminal.tertiaryAttributes)
    }

    /// XTVERSION: `DCS > | name(version) ST`.
    func versionReport(_ parameter: Int) {
        guard parameter == 0 else { return }
        reply("\u{1B}P>|\(Terminal.versionName)\u{1B}\\")
    }

    /// The cursor position as CPR reports it: 1-based, relative to the margins in origin mode.
    private var reportedCursor: (row: Int, column: Int) {
        let s = screen
        if s.modes.origin { return (s.row - s.top + 1, s.column - s.left + 1) }
        return (s.row + 1, s.column + 1)
    }

    /// DSR 5 (status: OK) and 6 (CPR).
    func statusReport(_ parameter: Int) {
        switch parameter {
        case 5: reply("\u{1B}[0n")
        case 6:
            let (r, c) = reportedCursor
            reply("\u{1B}[\(r);\(c)R")
        default: break
        }
    }

    /// DECXCPR (`CSI ? 6 n`): `CSI ? r ; c ; page R`; `CSI ? 996 n`, the colour scheme
    /// (contour's, which herdr uses with `?2031`): `CSI ? 997 ; 1 n` dark, `; 2 n` light.
    func privateStatusReport(_ parameter: Int) {
        if parameter == 996 { return reply(TerminalColors.schemeReport(dark: colors.isDark)) }
        guard parameter == 6 else { return }
        let (r, c) = reportedCursor
        reply(conformanceLevel >= 3 ? "\u{1B}[?\(r);\(c);1R" : "\u{1B}[?\(r);\(c)R")   // pages from VT300 on
    }

    /// The label XTWINOPS 20t/21t report: fixed, so a remote never reads back a title that
    /// another program (or an attacker's output) set.
    static let windowLabel = "Drover"

    /// XTWINOPS reports: 11 (not iconified), 13 (window position: the origin), 14 (text area
    /// in pixels), 15 (screen in pixels: the text area, all Drover knows), 16 (cell in
    /// pixels), 18 (text area in characters), 19 (screen in characters), 20/21 (a fixed
    /// label), 22/23 (title stack). Window manipulation is ignored; resize requests (8t and
    /// DECSLPP) are only recorded in `resizeRequest`: the local terminal decides the size.
    func windowReport(_ p: borrowing Params) {
        let cell = cellPixelSize
        let height = screen.rows * cell.height, width = screen.columns * cell.width
        switch p[0] {
        case 11: reply("\u{1B}[1t")
        case 13: reply("\u{1B}[3;0;0t")
        case 14: reply("\u{1B}[4;\(height);\(width)t")
        case 15: reply("\u{1B}[5;\(height);\(width)t")
        case 16: reply("\u{1B}[6;\(cell.height);\(cell.width)t")
        case 18: reply("\u{1B}[8;\(screen.rows);\(screen.columns)t")
        case 19: reply("\u{1B}[9;\(screen.rows);\(screen.columns)t")
        case 20: reply("\u{1B}]L\(Terminal.windowLabel)\u{1B}\\")
        case 21: reply("\u{1B}]l\(Terminal.windowLabel)\u{1B}\\")
        case 8:                                                        // resize to rows;columns
            resizeRequest = ResizeRequest(rows: p[1] == 0 ? nil : p[1], columns: p[2] == 0 ? nil : p[2])
        case 24...:                                                    // DECSLPP
            resizeRequest = ResizeRequest(rows: p[0], columns: nil)
        case 22:
            if titleStack.count >= 10 { titleStack.removeFirst() }
            titleStack.append(title)
        case 23:
            if let previous = titleStack.popLast() { title = previous }
        default: break
        }
    }
}
