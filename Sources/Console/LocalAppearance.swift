import VT

/// What the local terminal said it looks like: its colours (OSC 10/11/12 and palette 0–15),
/// its colour scheme and its cell size in pixels. Every host's emulator answers its queries
/// (OSC 10/11/12/4, `CSI ? 996 n`, XTWINOPS 14t/16t) with these (`apply(to:)`), so a program
/// on the host sees the person's real terminal. Until an answer comes, or if none does,
/// the emulator's defaults stay. Pure: it never writes.
public struct LocalAppearance: Sendable, Equatable {
    public private(set) var colors = TerminalColors()
    /// Pixels per cell, when the terminal said (16t's answer, or TIOCGWINSZ's pixel fields).
    public private(set) var cellPixels: CellPixels?

    public struct CellPixels: Sendable, Equatable {
        public var width: Int
        public var height: Int
    }

    public init() {}

    /// Takes one reply; true when it changed what the hosts are told.
    public mutating func learn(_ reply: LocalTerminalReply) -> Bool {
        let before = self
        switch reply {
        case .dynamicColor(10, let color): colors.foreground = color
        case .dynamicColor(11, let color): colors.background = color
        case .dynamicColor(12, let color): colors.cursor = color
        case .paletteColor(let index, let color): colors.ansi[index] = color
        case .cellPixelSize(let width, let height): cellPixels = CellPixels(width: width, height: height)
        case .colorScheme(let dark): colors.prefersDark = dark
        case .dynamicColor, .kittyKeyboardFlags, .modifyOtherKeys, .primaryDeviceAttributes: break
        }
        return self != before
    }

    /// The cell size from the window size's pixel fields (TIOCGWINSZ), when the terminal fills
    /// them in and 16t has not answered: a 16t answer wins.
    public mutating func learnWindowPixels(width: Int, height: Int, columns: Int, rows: Int) -> Bool {
        guard cellPixels == nil, width > 0, height > 0, columns > 0, rows > 0 else { return false }
        let cell = CellPixels(width: width / columns, height: height / rows)
        guard cell.width > 0, cell.height > 0 else { return false }
        cellPixels = cell
        return true
    }

    /// Gives `terminal` these colours and cell size: its answers tell the truth from now on.
    public func apply(to terminal: Terminal) {
        terminal.colors = colors
        if let cellPixels { terminal.cellPixelSize = (width: cellPixels.width, height: cellPixels.height) }
    }
}
