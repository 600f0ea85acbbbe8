/// Colour specifications in OSC 4/5/10–19, parsed as xterm's Xlib parses them, after lowering
/// the text: `rgb:r/g/b` (1–4 hex digits each, scaled to 16 bits), `#rgb` … `#rrrrggggbbbb`
/// (each digit group is the high end of the value), the device-independent forms `rgbi:`,
/// `CIEXYZ:`, `CIEuvY:`, `CIExyY:`, `CIELab:`, `CIELuv:` and `TekHVC:` (`XcmsConversion`),
/// and X11's colour names. The answer reports what a 24-bit display keeps: the top 8 bits.
/// A specification xterm cannot use leaves the colour unchanged (`nil`).
enum ColorSpecification {
    static func parse(_ original: Substring) -> RGBColor? {
        let text = Substring(original.lowercased())
        if text.hasPrefix("rgb:") { return parseRGB(text.dropFirst(4)) }
        if text.hasPrefix("#") { return parseHash(text.dropFirst()) }
        if text.contains(":") { return XcmsConversion.parse(text) }
        guard let value = X11ColorNames.table[String(text)] else { return nil }
        return RGBColor(red: UInt8(value >> 16), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
    }

    /// `rgb:h/h/h`: each component 1–4 hex digits, scaled to 16 bits, top byte kept.
    private static func parseRGB(_ text: Substring) -> RGBColor? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        var bytes: [UInt8] = []
        for part in parts {
            guard (1...4).contains(part.count), part.allSatisfy({ $0.isASCII && $0.isHexDigit }),
                  let value = UInt32(part, radix: 16) else { return nil }
            let scaled = value * 0xFFFF / ((1 << (4 * UInt32(part.count))) - 1)
            bytes.append(UInt8(scaled >> 8))
        }
        return RGBColor(red: bytes[0], green: bytes[1], blue: bytes[2])
    }

    /// `#` and 3, 6, 9 or 12 hex digits: each group's digits are the high bits of the value.
    private static func parseHash(_ text: Substring) -> RGBColor? {
        guard [3, 6, 9, 12].contains(text.count), text.allSatisfy(\.isHexDigit) else { return nil }
        let width = text.count / 3
        var bytes: [UInt8] = []
        var start = text.startIndex
        for _ in 0..<3 {
            let end = text.index(start, offsetBy: width)
            guard let value = UInt32(text[start..<end], radix: 16) else { return nil }
            let sixteen = value << (16 - 4 * UInt32(width))
            bytes.append(UInt8(sixteen >> 8))
            start = end
        }
        return RGBColor(red: bytes[0], green: bytes[1], blue: bytes[2])
    }
}

/// The colours a remote may set and ask about: the 256-colour palette, xterm's five special
/// colours (OSC 5 / palette 256–260) and the dynamic colours OSC 10–19. Unset entries follow
/// xterm's defaults: the standard palette, and the dynamic colours derived from the local
/// terminal's foreground, background and cursor (`TerminalColors`).
struct ColorTable {
    private var palette: [RGBColor?] = Array(repeating: nil, count: 261)
    private var dynamic: [RGBColor?] = Array(repeating: nil, count: 10)

    /// The default palette entry `n` (0–255): the local terminal's own for 0–15 when it said
    /// them, else xterm's; specials (256–260) are the foreground.
    static func defaultPalette(_ n: Int, _ base: TerminalColors) -> RGBColor {
        let ansi: [UInt32] = [0x000000, 0xCD0000, 0x00CD00, 0xCDCD00, 0x0000EE, 0xCD00CD, 0x00CDCD, 0xE5E5E5,
                              0x7F7F7F, 0xFF0000, 0x00FF00, 0xFFFF00, 0x5C5CFF, 0xFF00FF, 0x00FFFF, 0xFFFFFF]
        func rgb(_ v: UInt32) -> RGBColor { RGBColor(red: UInt8(v >> 16), green: UInt8(v >> 8 & 0xFF), blue: UInt8(v & 0xFF)) }
        switch n {
        case 0..<16: return base.ansi[n] ?? rgb(ansi[n])
        case 16..<232:
            let levels: [UInt8] = [0, 0x5F, 0x87, 0xAF, 0xD7, 0xFF]
            let i = n - 16
            return RGBColor(red: levels[i / 36], green: levels[i / 6 % 6], blue: levels[i % 6])
        case 232..<256:
            let v = UInt8(8 + 10 * (n - 232))
            return RGBColor(red: v, green: v, blue: v)
        default:
            return base.foreground
        }
    }

    func palette(_ n: Int, _ base: TerminalColors) -> RGBColor {
        palette[n] ?? ColorTable.defaultPalette(n, base)
    }

    mutating func setPalette(_ n: Int, _ color: RGBColor?) { palette[n] = color }

    /// OSC 10–19: 10 text, 11 background, 12 cursor, 13/14 pointer, 15/16 Tektronix, 17
    /// highlight background, 18 Tektronix cursor, 19 highlight text, as xterm derives them.
    func dynamicColor(_ n: Int, _ base: TerminalColors) -> RGBColor {
        if let set = dynamic[n - 10] { return set }
        switch n {
        case 11, 14, 16, 19: return base.background
        case 12: return base.cursor
        default: return base.foreground
        }
    }

    mutating func setDynamic(_ n: Int, _ color: RGBColor?) { dynamic[n - 10] = color }

    /// The 256 colours back to their defaults (RIS, DECSTR, OSC 104 alone); the special colours
    /// (256–260, OSC 5) stay, as in xterm 379, which resets none of them.
    mutating func resetPalette() {
        for n in 0..<256 { palette[n] = nil }
    }
}
