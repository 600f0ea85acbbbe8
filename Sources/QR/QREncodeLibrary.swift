import LibC

/// libqrencode's two entry points, opened at the first QR code instead of linked: only
/// `drover key --qr` and `pair-host` draw codes, and a linked library is mapped, relocated
/// and initialised in every Drover process, the attached ones included (ADR 0018, ADR 0033).
/// Signatures, constants and the `QRcode` layout are those of <qrencode.h> (libqrencode 3
/// and 4).
struct QREncodeLibrary: Sendable {
    // QRecLevel values.
    static let levelLow: Int32 = 0, levelMedium: Int32 = 1

    /// A `QRcode` as libqrencode lays it out: `int version; int width; unsigned char *data;`
    /// (data: width x width bytes, bit 0 of each the module's colour).
    struct Symbol {
        let version: Int
        let width: Int
        let data: UnsafePointer<UInt8>?

        init(_ code: OpaquePointer) {
            let raw = UnsafeRawPointer(code)
            version = Int(raw.load(fromByteOffset: 0, as: Int32.self))
            width = Int(raw.load(fromByteOffset: 4, as: Int32.self))
            data = raw.load(fromByteOffset: 8, as: UnsafePointer<UInt8>?.self)
        }
    }

    typealias EncodeData = @convention(c) (Int32, UnsafePointer<UInt8>?, Int32, Int32) -> OpaquePointer?
    typealias Free = @convention(c) (OpaquePointer?) -> Void

    let encodeData: EncodeData
    let free: Free

    /// Opened once, at the first code; the failure says what the loader said.
    static let shared: Result<QREncodeLibrary, QRCodeError> = load(
        names: ["libqrencode.so.4", "libqrencode.so.3", "libqrencode.so", "libqrencode.4.dylib",
                "/opt/homebrew/lib/libqrencode.4.dylib", "/usr/local/lib/libqrencode.4.dylib"])

    static func load(names: [String]) -> Result<QREncodeLibrary, QRCodeError> {
        SharedLibrary.load(firstOf: names, called: "qrencode") { f throws(SharedLibrary.Unusable) in
            QREncodeLibrary(encodeData: try f("QRcode_encodeData", EncodeData.self), free: try f("QRcode_free", Free.self))
        }.mapError { .libraryMissing(reason: $0.reason) }
    }
}
