/// VT420-level reports answered as xterm 379 answers them with its default resources
/// (measured under Xvfb; XtermCorpus/report-*): device attributes, DECDSR variants and the
/// DECRQM states of modes Drover does not change. Features Drover lacks (printer, UDKs,
/// locator, macros) get xterm's answers for a terminal where they are idle or absent.
extension Terminal {
    /// DA1 and DECID: VT420 (64) with 132 columns, printer, selective erase, NRCS, technical
    /// characters, locator, state interrogation, windows, horizontal scrolling, ANSI colour
    /// and rectangular editing, as xterm lists them.
    static let primaryAttributes = "\u{1B}[?64;1;2;6;9;15;16;17;18;21;22;28c"

    /// DA2: a VT420 (41) at xterm's patch level, no ROM cartridge.
    static let secondaryAttributes = "\u{1B}[>41;379;0c"

    /// DA3: the unit ID xterm reports (all zeros).
    static let tertiaryAttributes = "\u{1B}P!|00000000\u{1B}\\"

    /// DECRQM answers for private modes that keep their value whatever a program sets (xterm
    /// 379 with its default resources: DECCOLM and the Tektronix switch are refused, the rest
    /// are fixed): 1 set, 2 reset, 3 permanently set, 4 permanently reset, 0 unknown.
    static let fixedPrivateModes: [Int: Int] = [
        2: 1, 3: 2, 8: 4, 10: 0, 13: 2, 14: 3, 38: 2, 46: 4, 80: 2, 95: 0, 1045: 0, 1048: 1,
        1052: 0, 1053: 0, 7727: 0, 8452: 2, 9001: 0,
    ]

    /// The same for ANSI modes other than IRM (4), LNM (20), KAM (2) and SRM (12).
    static let fixedANSIModes: [Int: Int] = [
        1: 4, 3: 2, 5: 4, 7: 4, 10: 4, 11: 4, 13: 4, 14: 4, 15: 4, 16: 4, 17: 4, 18: 4, 19: 4,
    ]

    /// DECSCL (`CSI Pl ; Pc " p`): levels 61–64 (VT100 to VT400) are kept and soft-reset the
    /// terminal, as xterm does; others are ignored. Answers stay 7-bit whatever Pc asks
    /// (Drover never sends 8-bit controls; ADR 0008).
    func setConformanceLevel(_ level: Int) {
        guard (61...64).contains(level) else { return }
        conformanceLevel = level - 60
        softReset()
        screen.cursorStyle = .default
    }

    /// DECDSR (`CSI ? Ps n`) beyond DECXCPR: printer, UDK, keyboard, locator, macro space,
    /// memory checksum, data integrity and multiple sessions; 996, the colour scheme.
    func decStatusReport(_ p: borrowing Params) {
        switch p[0] {
        case 6, 996: privateStatusReport(p[0])
        case 15: reply("\u{1B}[?13n")                 // no printer
        case 25: reply("\u{1B}[?20n")                 // UDKs unlocked
        case 26: reply("\u{1B}[?27;1;0;0n")           // North American keyboard, ready
        case 53, 55: reply("\u{1B}[?53n")             // locator available (xterm's answer)
        case 56: reply("\u{1B}[?57;0n")               // locator type: unknown
        case 62: reply("\u{1B}[0000*{")               // no macro space
        case 63: reply("\u{1B}P\(p[1])!~0000\u{1B}\\")  // memory checksum
        case 75: reply("\u{1B}[?70n")                 // data integrity: ready, no errors
        case 85: reply("\u{1B}[?83n")                 // not in a multiple-session configuration
        default: break
        }
    }
}
