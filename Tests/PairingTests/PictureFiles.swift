import CPNG
import Foundation
@testable import Pairing

/// Pictures of codes in every format `drover pair --scan` reads, written the way other
/// programs write them, for the reader tests.
enum PictureFiles {
    /// PNG through libpng's simplified writer: gray, or RGBA with the light parts transparent
    /// (a screenshot tool's cut-out), which the reader must compose on white.
    static func png(_ image: GrayImage, transparentLight: Bool = false) -> Data {
        var png = png_image()
        png.version = png_uint_32(PNG_IMAGE_VERSION)
        png.width = png_uint_32(image.width)
        png.height = png_uint_32(image.height)
        let pixels: [UInt8]
        if transparentLight {
            png.format = 3  // PNG_FORMAT_RGBA
            pixels = image.pixels.flatMap { $0 > 127 ? [0, 0, 0, 0] : [$0, $0, $0, 255] }
        } else {
            png.format = png_uint_32(PNG_FORMAT_GRAY)
            pixels = image.pixels
        }
        var size: png_alloc_size_t = 0
        pixels.withUnsafeBytes { _ = png_image_write_to_memory(&png, nil, &size, 0, $0.baseAddress, 0, nil) }
        var out = [UInt8](repeating: 0, count: Int(size))
        pixels.withUnsafeBytes { raw in
            out.withUnsafeMutableBytes { _ = png_image_write_to_memory(&png, $0.baseAddress, &size, 0, raw.baseAddress, 0, nil) }
        }
        return Data(out.prefix(Int(size)))
    }

    /// Every Netpbm variant: P1 to P6, with comments in the header and a 16-bit PGM.
    static func netpbm(_ image: GrayImage) -> [String: Data] {
        let w = image.width, h = image.height, px = image.pixels
        let bits = px.map { $0 < 128 ? "1" : "0" }
        var p4 = Data("P4\n\(w) \(h)\n".utf8)
        for row in 0..<h {
            for byteStart in stride(from: 0, to: w, by: 8) {
                var byte: UInt8 = 0
                for bit in 0..<8 where byteStart + bit < w && px[row * w + byteStart + bit] < 128 { byte |= 0x80 >> UInt8(bit) }
                p4.append(byte)
            }
        }
        return [
            "P1": Data("P1\n# a comment\n\(w) \(h)\n".utf8) + Data(bits.joined().utf8),
            "P2": Data("P2 \(w) \(h) 15\n".utf8) + Data(px.map { String($0 / 17) }.joined(separator: " ").utf8),
            "P3": Data("P3\n\(w) \(h)\n255\n".utf8) + Data(px.map { "\($0) \($0) \($0)" }.joined(separator: "\n").utf8),
            "P4": p4,
            "P5": Data("P5\n\(w) \(h)\n255\n".utf8) + Data(px),
            "P5-16": Data("P5 \(w) \(h) 65535\n".utf8) + Data(px.flatMap { [$0, $0] }),
            "P6": Data("P6\n#comment\n\(w) \(h)\n255\n".utf8) + Data(px.flatMap { [$0, $0, $0] }),
        ]
    }
}
