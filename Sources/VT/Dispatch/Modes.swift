/// SM/RM (ANSI modes) and DECSET/DECRST (private modes), and DECRQM reports for both.
extension Terminal {
    func setANSIModes(_ p: borrowing Params, _ on: Bool) {
        for i in 0..<p.count {
            switch p[i] {
            case 4: screen.modes.insert = on     // IRM
            case 20: screen.modes.newLine = on   // LNM
            default: _ = reportedModes.set(p[i], isPrivate: false, on)
            }
        }
    }

    func setPrivateModes(_ p: borrowing Params, _ on: Bool) {
        for i in 0..<p.count { setPrivateMode(p[i], on) }
    }

    private func setPrivateMode(_ mode: Int, _ on: Bool) {
        let s = screen
        // `?1046l` turns the alternate screen switch off (xterm 379's titeInhibit).
        if mode == 47 || mode == 1047 || mode == 1049, !reportedModes.allowsAlternateScreen { return }
        if s.modes.mouse.apply(mode: mode, enabled: on) {
            // One tracking mode at a time, as xterm: any other one ends highlight tracking.
            if MouseTracking(rawValue: mode) != nil {
                _ = reportedModes.set(1001, isPrivate: true, false)
            }
            return
        }
        switch mode {
        case 1: s.modes.applicationCursorKeys = on
        case 5:
            s.modes.reverseVideo = on
            s.grid.touch(rows: 0...(s.rows - 1))
        case 6:
            s.modes.origin = on
            s.home()
        case 7:
            s.modes.autowrap = on
            if !on { s.pendingWrap = false }
        case 25: s.modes.cursorVisible = on
        case 66: s.modes.applicationKeypad = on
        case 69:
            guard conformanceLevel >= 4 else { return }   // a VT420 feature, as xterm gates it
            s.modes.leftRightMarginMode = on
            if !on {
                s.left = 0
                s.right = s.columns - 1
            }
        case 47:
            s.useAlternate(on, clear: false)
        case 1047:
            if !on && s.isAlternate { s.alternate.clearAll(s.eraseCell) }
            s.useAlternate(on, clear: false)
        case 1048:
            if on { s.saveCursor() } else { s.restoreCursor() }
        case 1049:
            if on {
                guard !s.isAlternate else { return }
                s.saveCursor()
                s.useAlternate(true, clear: true)
            } else {
                guard s.isAlternate else { return }
                s.useAlternate(false, clear: false)
                s.restoreCursor()
            }
        case 1004: s.modes.focusReporting = on
        case 2031: s.modes.colorSchemeReports = on
        case 1007: s.modes.alternateScroll = on
        case 2004: s.modes.bracketedPaste = on
        case 2026: s.modes.synchronizedOutput = on
        case 12: s.modes.cursorBlink = on
        case 42: s.modes.nationalReplacement = on
        case 45: s.modes.reverseWraparound = on
        case 1045: s.modes.extendedReverseWraparound = on
        case 1001:   // highlight tracking: kept for DECRQM only; it replaces the other tracking modes
            s.modes.mouse.tracking = .off
            _ = reportedModes.set(mode, isPrivate: true, on)
        default: _ = reportedModes.set(mode, isPrivate: true, on)   // unknown ones, and 9001 (win32-input-mode) on purpose
        }
    }

    /// The DECRQM answer for a private mode: nil when the mode is not recognised.
    func privateModeState(_ mode: Int) -> Bool? {
        let m = screen.modes
        if let mouse = m.mouse.isSet(mode: mode) { return mouse }
        switch mode {
        case 1: return m.applicationCursorKeys
        case 5: return m.reverseVideo
        case 6: return m.origin
        case 7: return m.autowrap
        case 25: return m.cursorVisible
        case 66: return m.applicationKeypad
        case 69: return conformanceLevel >= 4 ? m.leftRightMarginMode : nil
        case 47, 1047, 1049: return m.alternateScreen
        case 1004: return m.focusReporting
        case 2031: return m.colorSchemeReports
        case 1007: return m.alternateScroll
        case 2004: return m.bracketedPaste
        case 2026: return m.synchronizedOutput
        case 12: return m.cursorBlink
        case 42: return m.nationalReplacement
        case 45: return m.reverseWraparound
        default: return nil
        }
    }

    /// DECRQM: `CSI ? Ps ; Pm $ y` (private) or `CSI Ps ; Pm $ y`, Pm 0 = not recognised,
    /// 1 = set, 2 = reset, 3/4 = permanently set/reset (modes Drover keeps only to report them
    /// are in `ReportedModes`; the ones xterm 379 never changes answer its fixed values).
    func reportMode(_ mode: Int, isPrivate: Bool) {
        let value: Int
        if isPrivate {
            value = privateModeState(mode).map { $0 ? 1 : 2 } ?? reportedModes.report(mode, isPrivate: true)
                ?? Terminal.fixedPrivateModes[mode] ?? 0
        } else {
            switch mode {
            case 4: value = screen.modes.insert ? 1 : 2
            case 20: value = screen.modes.newLine ? 1 : 2
            default: value = reportedModes.report(mode, isPrivate: false) ?? Terminal.fixedANSIModes[mode] ?? 0
            }
        }
        reply("\u{1B}[\(isPrivate ? "?" : "")\(mode);\(value)$y")
    }
}
