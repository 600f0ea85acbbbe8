/// The screen colour characterization Xlib falls back to when the X server publishes none
/// (Xvfb and nearly every server today): Xlib's built-in measurements of a Tektronix 19"
/// monitor. xterm resolves `rgbi:`, `CIE*:` and `TekHVC:` specifications through it, so these
/// numbers are facts about xterm's answers, not choices (values from Xlib's LINEAR_RGB default).
enum XcmsScreen {
    /// Device value (16-bit) and linear intensity pairs, per primary, ascending.
    typealias Tuple = (value: UInt16, intensity: Double)

    static let red: [Tuple] = tuples(first: 0x09, step: 0x0A, [
        0.000936, 0.001481, 0.002329, 0.003529, 0.005127, 0.007169, 0.009699, 0.012759, 0.016392, 0.020637,
        0.025533, 0.031119, 0.037431, 0.044504, 0.052373, 0.061069, 0.070624, 0.081070, 0.092433, 0.104744,
        0.118026, 0.132307, 0.147610, 0.163958, 0.181371, 0.199871, 0.219475, 0.240202, 0.262069, 0.285089,
        0.309278, 0.334647, 0.361208, 0.388971, 0.417945, 0.448138, 0.479555, 0.512202, 0.546082, 0.581199,
        0.617552, 0.655144, 0.693971, 0.734031, 0.775322, 0.817837, 0.861571, 0.906515, 0.952662, 1.0])

    static let green: [Tuple] = tuples(first: 0x13, step: 0x14, [
        0.000832, 0.001998, 0.003612, 0.005736, 0.008428, 0.011745, 0.015740, 0.020463, 0.025960, 0.032275,
        0.039449, 0.047519, 0.056520, 0.066484, 0.077439, 0.089409, 0.102418, 0.116485, 0.131625, 0.147853,
        0.165176, 0.183604, 0.203140, 0.223783, 0.245533, 0.268384, 0.292327, 0.317351, 0.343441, 0.370580,
        0.398747, 0.427919, 0.458068, 0.489165, 0.521176, 0.554067, 0.587797, 0.622324, 0.657604, 0.693588,
        0.730225, 0.767459, 0.805235, 0.843491, 0.882164, 0.921187, 0.960490, 1.0])

    static let blue: [Tuple] = tuples(first: 0x0E, step: 0x0F, [
        0.001341, 0.002080, 0.003188, 0.004729, 0.006766, 0.009357, 0.012559, 0.016424, 0.021004, 0.026344,
        0.032489, 0.039481, 0.047357, 0.056154, 0.065903, 0.076634, 0.088373, 0.101145, 0.114968, 0.129862,
        0.145841, 0.162915, 0.181095, 0.200386, 0.220791, 0.242309, 0.264937, 0.288670, 0.313499, 0.339410,
        0.366390, 0.394421, 0.423481, 0.453547, 0.484592, 0.516587, 0.549498, 0.583291, 0.617925, 0.653361,
        0.689553, 0.726454, 0.764013, 0.802178, 0.840891, 0.880093, 0.919723, 0.959715, 1.0])

    /// CIE XYZ to linear RGB intensity, and back.
    static let xyzToRGB: [[Double]] = [
        [3.48340481253539000, -1.52176374927285200, -0.55923133354049780],
        [-1.07152751306193600, 1.96593795204372400, 0.03673691339553462],
        [0.06351179790497788, -0.20020501000496480, 0.81070942031648220]]
    static let rgbToXYZ: [[Double]] = [
        [0.38106149108714790, 0.32025712365352110, 0.24834578525933100],
        [0.20729745115140850, 0.68054638776373240, 0.11215616108485920],
        [0.02133944350088028, 0.14297193020246480, 1.24172892629665500]]

    /// The screen white point: the XYZ of full intensity (Y is exactly 1 as Xlib sets it).
    static let white = XYZ(x: rgbToXYZ[0].reduce(0, +), y: 1, z: rgbToXYZ[2].reduce(0, +))

    /// The tables step by 5 in every 8-bit component (0x0505 in 16 bits) after a zero entry
    /// and the last zero-intensity value `first`; the first positive step is `step`.
    private static func tuples(first: UInt16, step: UInt16, _ intensities: [Double]) -> [Tuple] {
        var out: [Tuple] = [(0, 0), (first * 0x101, 0)]
        for (i, intensity) in intensities.enumerated() {
            let byte = min(Int(step) + 5 * i, 0xFF)
            out.append((UInt16(byte * 0x101), intensity))
        }
        return out
    }

    /// Linear intensity to the 8-bit device value, as Xlib's table search and linear
    /// interpolation do on an 8-bit-per-primary visual (beyond 1 it extrapolates the last step).
    static func deviceValue(_ intensity: Double, _ table: [Tuple]) -> UInt8 {
        if intensity <= table[0].intensity { return 0 }
        var lo = 0, hi = table.count - 1, mid = 0, last = -1
        while mid != last {
            last = mid
            mid = lo + (hi - lo) / 2
            if intensity == table[mid].intensity { return UInt8(table[mid].value >> 8) }
            if intensity < table[mid].intensity { hi = mid } else { lo = mid }
        }
        let low = table[lo], high = table[hi]
        let ratio = (intensity - low.intensity) / (high.intensity - low.intensity)
        let target = Int(Double(Int(high.value) - Int(low.value)) * ratio) + Int(low.value)
        // The nearest 8-bit level (in 16-bit terms, n * 0x101) to the interpolated value.
        var up = (target >> 8) * 0xFFFF / 0xFF, down: Int
        if up < target {
            down = up
            up = min((down >> 8) + 1, 0xFF) * 0xFFFF / 0xFF
        } else {
            down = max((up >> 8) - 1, 0) * 0xFFFF / 0xFF
        }
        // Xlib masks to the top 8 of 16 bits, which wraps an extrapolated value above 0xFFFF.
        return UInt8(truncatingIfNeeded: ((up - target) < (target - down) ? up : down) >> 8)
    }
}

/// A CIE XYZ colour.
struct XYZ {
    var x, y, z: Double
}
