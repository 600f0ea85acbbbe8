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
