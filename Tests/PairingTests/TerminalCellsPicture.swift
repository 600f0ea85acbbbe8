import Foundation
@testable import Pairing

/// Turns the text of a terminal showing a half-block QR code (what `capture-pane` or a
/// command's output holds) back into a picture, the way a camera or screenshot would see it:
/// each cell is `scale` pixels wide and `2 * scale` high, its top half dark for `▀`/`█`, its
/// bottom half dark for `▄`/`█`, and everything else (spaces, lines shorter than the
/// longest, other text) light.
enum TerminalCellsPicture {
    /// The rows that hold the symbol: the longest run of lines made only of half blocks and
    /// spaces with at least one block (SGR sequences removed), so text printed above or below
    /// is left out. The blank quiet-zone rows are left out too; `image` adds a light margin.
    static func codeRows(in text: String) -> [String] {
        let lines = text.replacingOccurrences(of: "\u{1b}\\[[0-9;]*m", with: "", options: .regularExpression)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func isCode(_ line: String) -> Bool {
            line.contains { "▀▄█".contains($0) } && line.allSatisfy { " ▀▄█".contains($0) }
        }
        var best: ArraySlice<String> = [], start = 0
        while start < lines.count {
            var end = start
            while end < lines.count, isCode(lines[end]) { end += 1 }
            if end - start > best.count { best = lines[start..<end] }
            start = max(end, start + 1)
        }
        return Array(best)
    }

    /// The picture of `rows`, with a margin of `margin` cells around them in `surround`
    /// (light by default, as captured rows lack their blank quiet-zone rows; 0 shows the code
    /// on a dark-themed terminal, where only the drawn quiet zone is light).
    static func image(of rows: [String], scale: Int = 3, margin: Int = 4, surround: UInt8 = 255) -> GrayImage {
        let cells = rows.map(Array.init)
        let longest = cells.map(\.count).max() ?? 0
        let width = (longest + 2 * margin) * scale, height = (rows.count + 2 * margin) * 2 * scale
        var pixels = [UInt8](repeating: surround, count: width * height)
        for y in margin * 2 * scale..<(rows.count + margin) * 2 * scale {
            for x in margin * scale..<(longest + margin) * scale { pixels[y * width + x] = 255 }
        }
        for (row, line) in cells.enumerated() {
            for (column, glyph) in line.enumerated() {
                let top = glyph == "▀" || glyph == "█", bottom = glyph == "▄" || glyph == "█"
                for half in 0..<2 where half == 0 ? top : bottom {
                    let y0 = ((row + margin) * 2 + half) * scale, x0 = (column + margin) * scale
                    for y in y0..<y0 + scale { for x in x0..<x0 + scale { pixels[y * width + x] = 0 } }
                }
            }
        }
        return GrayImage(width: width, height: height, pixels: pixels)!
    }

    /// The picture as a binary PGM file (P5), for `drover pair --scan` and `zbarimg`.
    static func pgm(_ image: GrayImage) -> Data {
        Data("P5\n\(image.width) \(image.height)\n255\n".utf8) + Data(image.pixels)
    }

    /// What zbar reads in the picture of `rows`: the text of each QR code it finds.
    static func decode(_ rows: [String]) throws -> [String] {
        try QRScanner.decode(image(of: rows)).map { String(decoding: $0, as: UTF8.self) }
    }
}
