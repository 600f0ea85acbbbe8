import LibC

/// Tektronix HVC (hue, value, chroma) as Xlib defines it over CIE u'v', and Xlib's default gamut
/// compression, which keeps hue and value and reduces chroma to the screen's boundary. The
/// search follows Xlib's steps (the boundary point of greatest chroma for the hue, then the
/// line from it to black or the bisection towards white), so that the device colour is the
/// one xterm answers.
enum TekHVC {
    /// u'v' of Tektronix "best red", which fixes hue 0.
    static let bestRed = (u: 0.7127, v: 0.4931)
    static let chromaScale = 7.50725
    private static let eps = 0.001

    /// The hue angle (degrees) of best red seen from the screen white point.
    static let thetaOffset: Double = {
        let w = XcmsConversion.whiteUV
        return atan((bestRed.v - w.v) / (bestRed.u - w.u)) * 180 / .pi
    }()

    struct HVC {
        var h, v, c: Double
    }

    static func fromXYZ(_ xyz: XYZ) -> HVC? {
        let d = xyz.x + 15 * xyz.y + 3 * xyz.z
        guard d != 0 else { return nil }
        let w = XcmsConversion.whiteUV
        let u = 4 * xyz.x / d - w.u, v = 9 * xyz.y / d - w.v
        var theta = u == 0 ? 0 : atan(v / u) * 180 / .pi
        var range = (low: 0.0, high: 360.0)
        if u > 0 && v > 0 { range = (0, 90) }
        else if u < 0 && v > 0 { range = (90, 180) }
        else if u < 0 && v < 0 { range = (180, 270) }
        else if u > 0 && v < 0 { range = (270, 360) }
        while theta < range.low { theta += 90 }
        while theta >= range.high { theta -= 90 }
        let l = xyz.y < 0.008856 ? xyz.y * 903.29 : cbrt(xyz.y) * 116 - 16
        var h = theta - thetaOffset
        while h < -eps { h += 360 }
        while h >= 360 + eps { h -= 360 }
        return HVC(h: h, v: l, c: l * chromaScale * (u * u + v * v).squareRoot())
    }

    /// Clamps value into 0...100 and hue into 0..<360, as Xlib does before converting.
    private static func normalized(_ hvc: HVC) -> HVC {
        var out = hvc
        out.v = min(max(out.v, 0), 100)
        out.c = max(out.c, 0)
        out.h = out.h.truncatingRemainder(dividingBy: 360)
        if out.h < 0 { out.h += 360 }
        return out
    }

    static func toXYZ(_ hvc: HVC) -> XYZ? {
        XcmsConversion.tekHVC(hvc.h, hvc.v, hvc.c)
    }

    static func fromLinear(_ rgb: [Double]) -> HVC? {
        let m = XcmsScreen.rgbToXYZ
        let xyz = m.map { $0[0] * rgb[0] + $0[1] * rgb[1] + $0[2] * rgb[2] }
        return fromXYZ(XYZ(x: xyz[0], y: xyz[1], z: xyz[2]))
    }

    /// `xyz` (outside the gamut) with its chroma reduced to the gamut at the same hue and value.
    static func clipChroma(_ xyz: XYZ) -> XYZ? {
        guard let hvc = fromXYZ(xyz) else { return nil }
        guard let result = maxChroma(hue: hvc.h, value: hvc.v) else { return nil }
        return toXYZ(result)
    }

    /// The most saturated colour of `hue` the screen shows, as linear RGB scaled so that its
    /// smallest component is 0 and its largest 1, with its HVC.
    private static func cusp(hue: Double) -> (rgb: [Double], hvc: HVC)? {
        guard let far = toXYZ(HVC(h: hue, v: 40, c: 120)) else { return nil }
        var rgb = XcmsConversion.linear(far)
        let small = rgb.min()!
        rgb = rgb.map { $0 - small }
        let large = rgb.max()!
        guard large > 0 else { return nil }
        rgb = rgb.map { $0 / large }
        guard var hvc = fromLinear(rgb) else { return nil }
        hvc.h = hue
        return (rgb, hvc)
    }

    /// Xlib's XcmsTekHVCQueryMaxC: below the cusp's value the boundary is the line to black;
    /// above it, a relaxed bisection along the line from the cusp to white.
    static func maxChroma(hue: Double, value: Double) -> HVC? {
        let start = normalized(HVC(h: hue, v: value, c: 100))
        guard let (rgb, top) = cusp(hue: start.h) else { return nil }
        if value <= top.v {
            return normalized(HVC(h: start.h, v: value, c: value * top.c / top.v))
        }
        var current = start
        var nValue = value, lastValue = -1.0, lastChroma = -1.0, previous = -1.0, factor = 1.0
        let maxDist = 100 - top.v
        for _ in 0..<100 {
            previous = lastValue
            lastValue = current.v
            lastChroma = current.c
            let t = (nValue - top.v) / maxDist * factor
            guard let next = fromLinear(rgb.map { $0 * (1 - t) + t }) else { return nil }
            current = next
            if abs(current.v - value) <= eps {
                current.h = hue
                return normalized(current)
            }
            nValue += value - current.v
            if nValue < top.v {
                nValue = top.v
                factor *= 0.5
            } else if nValue > 100 {
                break
            } else if abs(current.v - previous) <= eps {
                factor *= 0.5
            }
        }
        if abs(lastValue - value) < abs(current.v - value) {
            current.v = lastValue
            current.c = lastChroma
        }
        current.h = hue
        return normalized(current)
    }
}
