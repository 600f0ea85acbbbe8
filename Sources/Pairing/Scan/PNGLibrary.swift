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
        let library: SharedLibrary
        do {
            library = try SharedLibrary(firstOf: names)
        } catch {
            return .failure(.pngReaderMissing(reason: error.reasons.first ?? "not found"))
        }
        func f<T>(_ name: String, _ type: T.Type) throws(PictureError) -> T {
            guard let function = library.function(name, as: type) else {
                throw .pngReaderMissing(reason: "the png library has no \(name)")
            }
            return function
        }
        do throws(PictureError) {
            return .success(PNGLibrary(beginRead: try f("png_image_begin_read_from_memory", BeginRead.self),
                                       finishRead: try f("png_image_finish_read", FinishRead.self),
                                       free: try f("png_image_free", Free.self)))
        } catch {
            return .failure(error)
        }
    }
}

/// One `png_image` control structure in C layout: `png_controlp opaque` (8 bytes), then the
/// `png_uint_32`s version, width, height, format, flags, colormap_entries and
/// warning_or_error, then `char message[64]`: 100 bytes, 104 with the pointer's alignment.
/// Owned here so no Swift struct layout has to match C's.
final class PNGImageRecord {
    private static let size = 104, versionOffset = 8, widthOffset = 12, heightOffset = 16
    private static let formatOffset = 20, messageOffset = 36, messageSize = 64

    let pointer: UnsafeMutableRawPointer

    init() {
        pointer = .allocate(byteCount: Self.size, alignment: 8)
        pointer.initializeMemory(as: UInt8.self, repeating: 0, count: Self.size)
        pointer.storeBytes(of: PNGLibrary.imageVersion, toByteOffset: Self.versionOffset, as: UInt32.self)
    }

    deinit { pointer.deallocate() }

    var width: Int { Int(pointer.load(fromByteOffset: Self.widthOffset, as: UInt32.self)) }
    var height: Int { Int(pointer.load(fromByteOffset: Self.heightOffset, as: UInt32.self)) }

    var format: UInt32 {
        get { pointer.load(fromByteOffset: Self.formatOffset, as: UInt32.self) }
        set { pointer.storeBytes(of: newValue, toByteOffset: Self.formatOffset, as: UInt32.self) }
    }

    /// libpng's message for the last warning or failure, "" when none.
    var message: String {
        let bytes = UnsafeRawBufferPointer(start: pointer + Self.messageOffset, count: Self.messageSize)
        return String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }
}
