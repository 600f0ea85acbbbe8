import LibC

/// libzbar's few entry points, opened at the first scan instead of linked: linking it maps
/// zbar and the ~20 libraries it needs (X11, D-Bus, V4L, JPEG, systemd, gcrypt) into every
/// Drover process, about 2 MiB resident, though only `drover pair --scan` uses it (ADR 0018).
/// Signatures and constants are those of <zbar.h> (zbar 0.10 and later; binary mode and the
/// inverted-image test are newer, and an older zbar ignores them: it still scans, but reads
/// no light-on-dark code and may re-encode the bytes).
struct ZBarLibrary: Sendable {
    // zbar_symbol_type_t and zbar_config_t values.
    static let none: Int32 = 0, qrCode: Int32 = 64
    static let enable: Int32 = 0, binary: Int32 = 4, testInverted: Int32 = 0x81

    typealias Create = @convention(c) () -> OpaquePointer?
    typealias Destroy = @convention(c) (OpaquePointer?) -> Void
    typealias SetConfig = @convention(c) (OpaquePointer?, Int32, Int32, Int32) -> Int32
    typealias SetFormat = @convention(c) (OpaquePointer?, UInt) -> Void
    typealias SetSize = @convention(c) (OpaquePointer?, UInt32, UInt32) -> Void
    typealias SetData = @convention(c) (OpaquePointer?, UnsafeRawPointer?, UInt, OpaquePointer?) -> Void
    typealias Scan = @convention(c) (OpaquePointer?, OpaquePointer?) -> Int32
    typealias FirstSymbol = @convention(c) (OpaquePointer?) -> OpaquePointer?
    typealias SymbolType = @convention(c) (OpaquePointer?) -> Int32
    typealias SymbolData = @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
    typealias SymbolLength = @convention(c) (OpaquePointer?) -> UInt32

    let scannerCreate: Create, scannerDestroy: Destroy, setConfig: SetConfig
    let imageCreate: Create, imageDestroy: Destroy
    let setFormat: SetFormat, setSize: SetSize, setData: SetData, scan: Scan
    let firstSymbol: FirstSymbol, symbolNext: FirstSymbol
    let symbolType: SymbolType, symbolData: SymbolData, symbolLength: SymbolLength

    /// Opened once, at the first scan; the failure says what the loader said.
    static let shared: Result<ZBarLibrary, PictureError> = load(
        names: ["libzbar.so.0", "libzbar.so", "libzbar.0.dylib", "/opt/homebrew/lib/libzbar.0.dylib",
                "/usr/local/lib/libzbar.0.dylib"])

    static func load(names: [String]) -> Result<ZBarLibrary, PictureError> {
        SharedLibrary.load(firstOf: names, called: "zbar") { f throws(SharedLibrary.Unusable) in
            ZBarLibrary(
                scannerCreate: try f("zbar_image_scanner_create", Create.self),
                scannerDestroy: try f("zbar_image_scanner_destroy", Destroy.self),
                setConfig: try f("zbar_image_scanner_set_config", SetConfig.self),
                imageCreate: try f("zbar_image_create", Create.self),
                imageDestroy: try f("zbar_image_destroy", Destroy.self),
                setFormat: try f("zbar_image_set_format", SetFormat.self),
                setSize: try f("zbar_image_set_size", SetSize.self),
                setData: try f("zbar_image_set_data", SetData.self),
                scan: try f("zbar_scan_image", Scan.self),
                firstSymbol: try f("zbar_image_first_symbol", FirstSymbol.self),
                symbolNext: try f("zbar_symbol_next", FirstSymbol.self),
                symbolType: try f("zbar_symbol_get_type", SymbolType.self),
                symbolData: try f("zbar_symbol_get_data", SymbolData.self),
                symbolLength: try f("zbar_symbol_get_data_length", SymbolLength.self))
        }.mapError { .scannerMissing(reason: $0.reason) }
    }
}
