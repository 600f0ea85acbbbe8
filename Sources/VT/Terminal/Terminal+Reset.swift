/// RIS and DECSTR at the terminal's level: the screen's part (`Screen+Reset.swift`) and the
/// state the terminal itself keeps, each as xterm 379 resets it (measured with the oracle:
/// XtermCorpus/reset-*, report-decrqm-reset-*).
extension Terminal {
    /// RIS: the screen and the terminal's own state. The colours OSC 5 and OSC 10–19 set
    /// survive it (xterm keeps them as resources); the 256-colour palette does not.
    func fullReset() {
        screen.fullReset()
        title = ""
        rectangularAttributeChanges = false
        resizeRequest = nil
        conformanceLevel = 4
        colorTable.resetPalette()
        reportedModes.reset(full: true)
        dcsKind = .ignored
        dcsBuffer = []
    }

    /// DECSTR (and DECSCL, which soft-resets): the screen's modes, pen, margins and
    /// charsets, KAM, and the 256-colour palette OSC 4 changed.
    func softReset() {
        screen.softReset()
        colorTable.resetPalette()
        reportedModes.reset(full: false)
    }
}
