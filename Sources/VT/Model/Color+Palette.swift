/// The nearest entry of xterm's 256-colour palette to a 24-bit colour. Used where true colour
/// cannot be kept: a local terminal without truecolor (Render) and a style table full of styles
/// still on screen (`StyleTable.approximate`).
///
/// Only the 6×6×6 cube (16–231) and the grey ramp (232–255) are candidates: entries 0–15 are
/// themed by the person's terminal, so their real RGB values are unknown.
extension Color {
    /// Channel values of the colour cube's six steps.
    static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    /// The palette index nearest to an RGB colour.
    public static func nearestPaletteIndex(red: UInt8, green: UInt8, blue: UInt8) -> UInt8 {
        let r = Int(red), g = Int(green), b = Int(blue)
        let ri = nearestCubeStep(r), gi = nearestCubeStep(g), bi = nearestCubeStep(b)
        let cubeIndex = 16 + 36 * ri + 6 * gi + bi
        let cubeDistance = distance(r, g, b, cubeLevels[ri], cubeLevels[gi], cubeLevels[bi])

        // Grey ramp: 24 steps, value 8 + 10 * i.
        let average = (r + g + b) / 3
        let greyStep = min(max((average - 3) / 10, 0), 23)
        let greyValue = 8 + 10 * greyStep
        let greyDistance = distance(r, g, b, greyValue, greyValue, greyValue)

        return UInt8(greyDistance < cubeDistance ? 232 + greyStep : cubeIndex)
    }

    /// This colour with RGB replaced by its nearest palette entry.
    public var paletteApproximation: Color {
        guard case let .rgb(r, g, b) = self else { return self }
        return .indexed(Color.nearestPaletteIndex(red: r, green: g, blue: b))
    }

    private static func nearestCubeStep(_ value: Int) -> Int {
        if value < 48 { return 0 }
        if value < 115 { return 1 }
        return min((value - 35) / 40, 5)
    }

    private static func distance(_ r1: Int, _ g1: Int, _ b1: Int, _ r2: Int, _ g2: Int, _ b2: Int) -> Int {
        let dr = r1 - r2, dg = g1 - g2, db = b1 - b2
        return dr * dr + dg * dg + db * db
    }
}
