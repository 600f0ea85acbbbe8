import CPNG

/// Reads PNG pictures into a `GrayImage` with libpng's simplified API, which handles every
/// bit depth, palette, interlacing and gamma. Transparent pixels are composed on white, the
/// way a screenshot of a code on a light background looks.
enum PNGReader {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    typealias Failure = ImageReadFailure

    static func recognizes(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: signature)
    }

    static func read(_ bytes: [UInt8]) throws(Failure) -> GrayImage {
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        let begun = bytes.withUnsafeBytes { png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }
        guard begun != 0 else { throw .malformed(message(of: &image)) }
        let width = Int(image.width), height = Int(image.height)
        // The header is read; check its size before libpng allocates or decodes the raster.
        guard GrayImage.allows(width: width, height: height) else {
            png_image_free(&image)
            throw .tooLarge(width: width, height: height)
        }
        image.format = png_uint_32(PNG_FORMAT_GRAY)
        var pixels = [UInt8](repeating: 255, count: width * height)
        var white = png_color(red: 255, green: 255, blue: 255)
        let finished = pixels.withUnsafeMutableBytes { buffer in
            png_image_finish_read(&image, &white, buffer.baseAddress, png_int_32(width), nil)
        }
        guard finished != 0 else { throw .malformed(message(of: &image)) }
        guard let gray = GrayImage(width: width, height: height, pixels: pixels) else { throw .malformed("inconsistent size") }
        return gray
    }

    /// libpng's message for the last failure (it frees the image's state itself on failure).
    private static func message(of image: inout png_image) -> String {
        let text = withUnsafeBytes(of: &image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return text.isEmpty ? "libpng could not read it" : text
    }
}
