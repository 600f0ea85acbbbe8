import LibC

/// libpng's simplified reading API (three functions), opened at the first PNG picture instead
/// of linked: only `drover pair --scan` reads pictures, and a linked libpng (with its libz) is
/// mapped, relocated and initialised in every Drover process (ADR 0018, ADR 0033).
/// Signatures, constants and the `png_image` layout are those of <png.h> (libpng 1.6).
struct PNGLibrary: Sendable {
    static let imageVersion: UInt32 = 1  // PNG_IMAGE_VERSION
    static let formatGray: UInt32 = 0    // PNG_FORMAT_GRAY

    typealias BeginRead = @convention(c) (UnsafeMutableRawPointer?, UnsafeRawPointer?, Int) -> Int32
    typealias FinishRead = @convention(c) (UnsafeMutableRawPointer?, UnsafeRawPointer?, UnsafeMutableRawPointer?,
                                           Int32, UnsafeMutableRawPointer?) -> Int32
    typealias Free = @convention(c) (UnsafeMutableRawPointer?) -> Void

    let beginRead: BeginRead, finishRead: FinishRead, free: Free

    /// Opened once, at the first PNG; the failure says what the loader said.
    static let shared: Result<PNGLibrary, PictureError> = load(
        names: ["libpng16.so.16", "libpng16.so", "libpng16.16.dylib",
                "/opt/homebrew/lib/libpng16.16.dylib", "/usr/local/lib/libpng16.16.dylib"])

    static func load(names: [String]) -> Result<PNGLibrary, PictureError> {
        SharedLibrary.load(firstOf: names, called: "png") { f throws(SharedLibrary.Unusable) in
            PNGLibrary(beginRead: try f("png_image_begin_read_from_memory", BeginRead.self),
                       finishRead: try f("png_image_finish_read", FinishRead.self),
                       free: try f("png_image_free", Free.self))
        }.mapError { .pngReaderMissing(reason: $0.reason) }
    }
}
