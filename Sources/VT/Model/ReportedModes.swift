/// Modes that change nothing Drover does (scrolling speed, print form feed, scroll bar, font
/// shifting, 132-column switch, margin bell, Meta and Delete key choices, bracketed paste's
/// quirks…) but that xterm 379 keeps, so DECRQM answers 1 or 2 after a program set or reset
/// them. Kept only to be reported; what RIS and DECSTR do to each was measured with the
/// oracle (XtermCorpus/report-decrqm-reset-*): most survive both, as xterm's resource-backed
/// settings do.
struct ReportedModes {
    /// One bit per mode, 1 = set.
    private var bits: UInt64 = ReportedModes.defaults

    /// Bit index of each private mode (DECSET number).
    private static let privateModes: [Int: Int] = [
        4: 0, 18: 1, 19: 2, 30: 3, 35: 4, 40: 5, 41: 6, 44: 7, 67: 8, 1001: 9, 1010: 10, 1011: 11,
        1034: 12, 1035: 13, 1036: 14, 1037: 15, 1039: 16, 1040: 17, 1041: 18, 1042: 19, 1043: 20,
        1044: 21, 1046: 22, 1050: 23, 1051: 24, 1060: 25, 1061: 26, 1070: 27, 2001: 28, 2002: 29,
        2003: 30, 2005: 31, 2006: 32,
    ]
    /// Bit index of each ANSI mode: KAM (2) and SRM (12).
    private static let ansiModes: [Int: Int] = [2: 33, 12: 34]

    private static func mask(_ modes: [Int], _ table: [Int: Int]) -> UInt64 {
        modes.reduce(0) { $0 | (1 << UInt64(table[$1]!)) }
    }

    /// Set at start: DECPEX (19), font shifting (35), 1010, 1034, 1035, 1040, 1070, SRM, and
    /// 1046, which xterm reports inverted (2 after `h`, 1 after `l`).
    private static let defaults = mask([19, 35, 1010, 1034, 1035, 1040, 1046, 1070], privateModes) | mask([12], ansiModes)
    /// RIS puts these back to their start state: DECSCLM, DECBKM, highlight mouse tracking,
    /// the 2001–2006 paste and selection modes, KAM and SRM; the others survive it.
    private static let resetByRIS = mask([4, 67, 1001, 2001, 2002, 2003, 2005, 2006], privateModes) | mask([2, 12], ansiModes)
    /// DECSTR unlocks the keyboard (KAM) and keeps every other one.
    private static let resetByDECSTR = mask([2], ansiModes)

    /// DECSET/DECRST or SM/RM of `mode`; false when it is not one of these.
    mutating func set(_ mode: Int, isPrivate: Bool, _ on: Bool) -> Bool {
        guard let bit = ReportedModes.index(mode, isPrivate) else { return false }
        if on { bits |= 1 << bit } else { bits &= ~(1 << bit) }
        return true
    }

    /// The DECRQM value (1 set, 2 reset), nil when `mode` is not one of these.
    func report(_ mode: Int, isPrivate: Bool) -> Int? {
        guard let bit = ReportedModes.index(mode, isPrivate) else { return nil }
        let on = bits & (1 << bit) != 0
        return on != (isPrivate && mode == 1046) ? 1 : 2
    }

    /// `?1046` (on at start): switching to and from the alternate screen is allowed.
    var allowsAlternateScreen: Bool { bits & (1 << UInt64(ReportedModes.privateModes[1046]!)) != 0 }

    /// RIS (`full`) or DECSTR.
    mutating func reset(full: Bool) {
        let mask = full ? ReportedModes.resetByRIS : ReportedModes.resetByDECSTR
        bits = (bits & ~mask) | (ReportedModes.defaults & mask)
    }

    private static func index(_ mode: Int, _ isPrivate: Bool) -> UInt64? {
        (isPrivate ? privateModes[mode] : ansiModes[mode]).map { UInt64($0) }
    }
}
