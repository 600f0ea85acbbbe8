/// Reads PNG pictures into a `GrayImage` with libpng's simplified API (`PNGLibrary`, opened at
/// the first PNG), which handles every bit depth, palette, interlacing and gamma. Transparent
/// pixels are composed on white, the way a screenshot of a code on a light background looks.
enum PNGReader {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    typealias Failure = ImageReadFailure

    static func recognizes(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: signature)
    }

    /// Reads `bytes` with `library` (PNGLibrary.shared when scanning).
    static func read(_ bytes: [UInt8], with library: PNGLibrary) throws(Failure) -> GrayImage {
        let image = PNGImageRecord()
        let begun = bytes.withUnsafeBytes { library.beginRead(image.pointer, $0.baseAddress, $0.count) }
        guard begun != 0 else { throw .malformed(message(of: image)) }
        let width = image.width, height = image.height
        // The header is read; check its size before libpng allocates or decodes the raster.
        guard GrayImage.allows(width: width, height: height) else {
            library.free(image.pointer)
            throw .tooLarge(width: width, height: height)
        }
        image.format = PNGLibrary.formatGray
        var pixels = [UInt8](repeating: 255, count: width * height)
        let white: [UInt8] = [255, 255, 255]  // png_color: red, green, blue
        let finished = pixels.withUnsafeMutableBytes { buffer in
            white.withUnsafeBytes { library.finishRead(image.pointer, $0.baseAddress, buffer.baseAddress, Int32(width), nil) }
        }
        guard finished != 0 else { throw .malformed(message(of: image)) }
        guard let gray = GrayImage(width: width, height: height, pixels: pixels) else { throw .malformed("inconsistent size") }
        return gray
    }

    /// libpng's message for the last failure (it frees the image's state itself on failure).
    private static func message(of image: PNGImageRecord) -> String {
        let text = image.message
        return text.isEmpty ? "libpng could not read it" : text
    }
}
