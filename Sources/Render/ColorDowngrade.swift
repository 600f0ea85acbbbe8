import VT

/// Maps 24-bit colours onto xterm's 256-colour palette for terminals without truecolor
/// (the mapping itself lives in VT, which also needs it).
public enum ColorDowngrade {
    /// The palette index nearest to an RGB colour.
    public static func paletteIndex(red: UInt8, green: UInt8, blue: UInt8) -> UInt8 {
        Color.nearestPaletteIndex(red: red, green: green, blue: blue)
    }

    /// The colour as the local terminal will be asked to show it.
    public static func adapt(_ color: Color, truecolor: Bool) -> Color {
        truecolor ? color : color.paletteApproximation
    }
}
