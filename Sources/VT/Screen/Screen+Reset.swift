/// RIS (full reset) and DECSTR (soft reset).
extension Screen {
    /// DECSTR: modes, pen, margins, charsets and saved cursor back to defaults; text stays.
    /// modifyOtherKeys goes back to 0 (real xterm 379 does so); kitty's flags stay, as kitty
    /// has no DECSTR. Reverse wraparound (`?45`, `?1045`) and the blinking cursor (`?12`) go
    /// off too, as in xterm 379, so BS at the origin stops there afterwards.
    func softReset() {
        modes.keyboard.modifyOtherKeys = 0
        modes.insert = false
        modes.origin = false
        modes.autowrap = true
        modes.cursorVisible = true
        modes.applicationCursorKeys = false
        modes.applicationKeypad = false
        modes.leftRightMarginMode = false
        modes.reverseWraparound = false
        modes.extendedReverseWraparound = false
        modes.cursorBlink = false
        resetMargins()
        // xterm 379's DECSTR keeps faint, crossed-out and double underline (SGR 2, 9, 21).
        var kept = Attributes()
        kept.flags = pen.flags.intersection([.faint, .strikethrough])
        if pen.underline == .double { kept.underline = .double }
        pen = kept
        g0 = .ascii
        g1 = .ascii
        g2 = .ascii
        g3 = .ascii
        shiftedOut = false
        lockingShift = 0
        lockingShiftRight = 2
        singleShift = 0
        charsetsChanged()
        savedPrimary = SavedCursor()
        savedAlternate = SavedCursor()
        pendingWrap = false
    }

    /// RIS: everything back to the power-on state, both screens and the history cleared;
    /// only alternate scroll (`?1007`) survives, as xterm 379 keeps it (a resource there).
    func fullReset() {
        useAlternate(false, clear: false)
        softReset()
        let alternateScroll = modes.alternateScroll
        modes = TerminalModes()
        modes.alternateScroll = alternateScroll
        cursorStyle = .default
        pen = Attributes()
        primary.clearAll(.blank(0))
        alternate.clearAll(.blank(0))
        history.removeAll()
        tabStops = Screen.defaultTabStops(columns)
        row = 0
        column = 0
        lastPrinted = 0
        clusters.removeAll()
        links.removeAll()
        styles.removeAll()
        invalidateStyleCaches()
    }
}
