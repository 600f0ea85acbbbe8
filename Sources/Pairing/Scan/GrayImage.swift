/// An 8-bit grayscale picture (0 black, 255 white), row-major, the one form every picture
/// reader produces and the QR decoder takes.
public struct GrayImage: Sendable, Equatable {
    /// The largest width or height a picture may have. A phone photo is about 4000x3000; the
    /// bound keeps a hostile header from making Drover allocate gigabytes.
    public static let maximumSide = 8192

    public let width: Int
    public let height: Int
    public let pixels: [UInt8]

    /// nil unless both sides are 1...maximumSide and `pixels` holds exactly width x height bytes.
    public init?(width: Int, height: Int, pixels: [UInt8]) {
        guard Self.allows(width: width, height: height), pixels.count == width * height else { return nil }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// True when a picture of this size may be read.
    public static func allows(width: Int, height: Int) -> Bool {
        (1...maximumSide).contains(width) && (1...maximumSide).contains(height)
    }

    /// Luma of an sRGB pixel (ITU-R BT.601 weights), what a scanner sees of a colour picture.
    static func luma(red: Int, green: Int, blue: Int) -> UInt8 {
        UInt8((299 * red + 587 * green + 114 * blue + 500) / 1000)
    }
}

/// Why a picture reader refused bytes; `PairingPicture` turns it into a `PictureError`.
enum ImageReadFailure: Error, Equatable {
    /// Broken or unsupported bytes, and what is wrong with them.
    case malformed(String)
    /// Well formed, but a side is larger than `GrayImage.maximumSide`.
    case tooLarge(width: Int, height: Int)
}
