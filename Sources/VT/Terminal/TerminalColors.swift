/// A 24-bit colour, as OSC 10/11/12 report it.
public struct RGBColor: Hashable, Sendable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// xterm's `rgb:rrrr/gggg/bbbb` form (each 8-bit channel doubled to 16 bits).
    public var xtermSpecification: String {
        func hex(_ v: UInt8) -> String {
            let digits = Array("0123456789abcdef")
            let h = String([digits[Int(v >> 4)], digits[Int(v & 0xF)]])
            return h + h
        }
        return "rgb:\(hex(red))/\(hex(green))/\(hex(blue))"
    }
}

/// The colours a remote may ask about (OSC 10 foreground, 11 background, 12 cursor). Drover
/// sets them from the local terminal's answers, so the remote sees the real colours.
public struct TerminalColors: Hashable, Sendable {
    public var foreground: RGBColor
    public var background: RGBColor
    public var cursor: RGBColor
    /// The local terminal's own palette entries 0–15 where it reported them (OSC 4); the rest
    /// are xterm's defaults.
    public var ansi: [Int: RGBColor] = [:]
    /// What the local terminal said its colour scheme is (`CSI ? 997 ; 1|2 n`); nil: judged
    /// from the background.
    public var prefersDark: Bool?

    public init(foreground: RGBColor = RGBColor(red: 0xE5, green: 0xE5, blue: 0xE5),
                background: RGBColor = RGBColor(red: 0, green: 0, blue: 0),
                cursor: RGBColor = RGBColor(red: 0xE5, green: 0xE5, blue: 0xE5)) {
        self.foreground = foreground
        self.background = background
        self.cursor = cursor
    }
}

extension TerminalColors {
    /// Dark when the terminal said so, else when the background is darker than mid-grey
    /// (Rec. 601 luma).
    public var isDark: Bool {
        if let prefersDark { return prefersDark }
        let b = background
        return 299 * Int(b.red) + 587 * Int(b.green) + 114 * Int(b.blue) < 128_000
    }

    /// The colour-scheme report (`?2031` and `CSI ? 996 n`): `CSI ? 997 ; 1 n` dark, `; 2 n` light.
    public static func schemeReport(dark: Bool) -> String {
        "\u{1B}[?997;\(dark ? 1 : 2)n"
    }
}

extension RGBColor {
    /// A colour in any form OSC 4/10/11 accept (`rgb:`, `#`, names…), as xterm reads it; nil
    /// when it is none (the local terminal's answers are read with this).
    public init?(specification: Substring) {
        guard let color = ColorSpecification.parse(specification) else { return nil }
        self = color
    }
}
