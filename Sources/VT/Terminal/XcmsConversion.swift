import LibC

/// X's device-independent colour specifications (`rgbi:`, `CIEXYZ:`, `CIEuvY:`, `CIExyY:`,
/// `CIELab:`, `CIELuv:`, `TekHVC:`) converted to a device colour the way Xlib does for xterm on
/// a screen without its own characterization (`XcmsScreen`): to CIE XYZ, to linear RGB through
/// the screen matrix, and through the intensity tables. A colour outside the screen's gamut has
/// its chroma reduced at constant hue and value (Xlib's default, TekHVC chroma clipping).
/// Pure functions; `nil` where Xlib fails, and xterm then leaves the colour unchanged.
enum XcmsConversion {
    /// `text` is lower case (Xlib lowers a specification before matching prefixes).
    static func parse(_ text: Substring) -> RGBColor? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let prefix = text[..<colon]
        guard let (a, b, c) = triple(text[text.index(after: colon)...]) else { return nil }
        switch prefix {
        case "rgbi": return device(a, b, c)   // not range-checked: Xlib extrapolates its tables
        case "ciexyz": return fromXYZ(XYZ(x: a, y: b, z: c))
        case "cieuvy": return uvY(a, b, c).flatMap(fromXYZ)
        case "ciexyy":
            guard b != 0, (0...1).contains(c) else { return nil }
            return fromXYZ(XYZ(x: a * c / b, y: c, z: (1 - a - b) * c / b))
        case "cielab": return lab(a, b, c).flatMap(fromXYZ)
        case "cieluv": return luv(a, b, c).flatMap(fromXYZ)
        case "tekhvc": return tekHVC(a, b, c).flatMap(fromXYZ)
        default: return nil
        }
    }

    /// Three numbers separated by `/` (C's `%lf/%lf/%lf`: text after the third is ignored).
    /// Infinities, NaN and magnitudes beyond a million are refused, so the arithmetic stays
    /// finite (xterm's answer to them is undefined behaviour in C).
    private static func triple(_ text: Substring) -> (Double, Double, Double)? {
        let parts = text.split(separator: "/", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, let a = Double(parts[0]), let b = Double(parts[1]),
              let c = leadingNumber(parts[2]),
              [a, b, c].allSatisfy({ $0.isFinite && abs($0) <= 1e6 }) else { return nil }
        return (a, b, c)
    }

    /// The longest number at the start of `text` (a number is far shorter than 40 characters;
    /// looking no further keeps the work per byte bounded).
    private static func leadingNumber(_ whole: Substring) -> Double? {
        let text = whole.prefix(40)
        var end = text.endIndex
        while end > text.startIndex {
            if let value = Double(text[..<end]) { return value }
            end = text.index(before: end)
        }
        return nil
    }

    // MARK: to CIE XYZ

    private static func uvY(_ u: Double, _ v: Double, _ y: Double) -> XYZ? {
        guard (0...1).contains(y), v != 0 else { return nil }
        return XYZ(x: 9 * u * y / (4 * v), y: y, z: (12 - 3 * u - 20 * v) * y / (4 * v))
    }

    /// L* to Y (Xlib's constants).
    private static func luminance(_ l: Double) -> Double {
        if l < 7.99953624 { return l / 903.29 }
        let t = (l + 16) / 116
        return t * t * t
    }

    /// Xlib's CIELab: a* and b* are scaled by 1/5 and 1/2 (not 1/500, 1/200), as xterm shows.
    private static func lab(_ l: Double, _ a: Double, _ b: Double) -> XYZ? {
        guard (0...100).contains(l) else { return nil }
        let white = XcmsScreen.white
        var t = (l + 16) / 116
        if t * t * t < 0.008856 {
            t = l / 9.03292
            return XYZ(x: white.x * (a / 3893.5 + t), y: t, z: white.z * (t - b / 1557.4))
        }
        let fx = t + a / 5, fz = t - b / 2
        return XYZ(x: white.x * fx * fx * fx, y: t * t * t, z: white.z * fz * fz * fz)
    }

    static let whiteUV: (u: Double, v: Double) = {
        let w = XcmsScreen.white
        let d = w.x + 15 * w.y + 3 * w.z
        return (4 * w.x / d, 9 * w.y / d)
    }()

    private static func luv(_ l: Double, _ u: Double, _ v: Double) -> XYZ? {
        guard (0...100).contains(l) else { return nil }
        if l == 0 { return uvY(whiteUV.u, whiteUV.v, 0) }
        let scale = 13 * l / 100
        return uvY(u / scale + whiteUV.u, v / scale + whiteUV.v, luminance(l))
    }

    static func tekHVC(_ h: Double, _ value: Double, _ chroma: Double) -> XYZ? {
        guard value >= -0.00001, value <= 100.00001, chroma >= -0.00001 else { return nil }
        let v = min(max(value, 0), 100)
        if v == 0 || v == 100 { return uvY(whiteUV.u, whiteUV.v, v == 100 ? 1 : 0) }
        var hue = (h + TekHVC.thetaOffset).truncatingRemainder(dividingBy: 360)
        if hue < 0 { hue += 360 }
        let radians = hue * .pi / 180
        let u = cos(radians) * chroma / (v * TekHVC.chromaScale)
        let w = sin(radians) * chroma / (v * TekHVC.chromaScale)
        return uvY(u + whiteUV.u, w + whiteUV.v, luminance(v))
    }

    // MARK: to the device

    static func linear(_ xyz: XYZ) -> [Double] {
        XcmsScreen.xyzToRGB.map { $0[0] * xyz.x + $0[1] * xyz.y + $0[2] * xyz.z }
    }

    static func inGamut(_ rgb: [Double]) -> Bool {
        rgb.min()! >= -0.001 && rgb.max()! <= 1.001
    }

    /// Xlib refuses an XYZ whose luminance lies outside 0...1.
    static func fromXYZ(_ xyz: XYZ) -> RGBColor? {
        guard (-1e-12...(1 + 1e-12)).contains(xyz.y) else { return nil }
        var rgb = linear(xyz)
        if !inGamut(rgb) {
            guard let clipped = TekHVC.clipChroma(xyz) else { return nil }
            rgb = linear(clipped)
            guard inGamut(rgb) else { return nil }
        }
        let c = rgb.map { min(max($0, 0), 1) }
        return device(c[0], c[1], c[2])
    }

    static func device(_ r: Double, _ g: Double, _ b: Double) -> RGBColor {
        RGBColor(red: XcmsScreen.deviceValue(r, XcmsScreen.red),
                 green: XcmsScreen.deviceValue(g, XcmsScreen.green),
                 blue: XcmsScreen.deviceValue(b, XcmsScreen.blue))
    }
}
