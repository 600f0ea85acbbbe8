/// Finds and decodes the QR codes in a picture with zbar, in-process (opened on first use:
/// ZBarLibrary).
enum QRScanner {
    /// The raw bytes of every QR code zbar finds, in the order it reports them.
    static func decode(_ image: GrayImage) throws(PictureError) -> [[UInt8]] {
        let z = try ZBarLibrary.shared.get()
        guard let scanner = z.scannerCreate() else { return [] }
        defer { z.scannerDestroy(scanner) }
        // Only QR codes; binary mode hands the bytes over without zbar's guess at a text encoding.
        _ = z.setConfig(scanner, ZBarLibrary.none, ZBarLibrary.enable, 0)
        _ = z.setConfig(scanner, ZBarLibrary.qrCode, ZBarLibrary.enable, 1)
        _ = z.setConfig(scanner, ZBarLibrary.qrCode, ZBarLibrary.binary, 1)
        // A photo of a dark-themed screen may show light modules on dark.
        _ = z.setConfig(scanner, ZBarLibrary.none, ZBarLibrary.testInverted, 1)
        guard let zimage = z.imageCreate() else { return [] }
        defer { z.imageDestroy(zimage) }
        z.setFormat(zimage, fourcc("Y800"))
        z.setSize(zimage, UInt32(image.width), UInt32(image.height))
        return image.pixels.withUnsafeBytes { buffer -> [[UInt8]] in
            // zbar keeps the pointer only until the scan below returns (no cleanup handler).
            z.setData(zimage, buffer.baseAddress, UInt(buffer.count), nil)
            defer { z.setData(zimage, nil, 0, nil) }
            guard z.scan(scanner, zimage) > 0 else { return [] }
            var found: [[UInt8]] = []
            var symbol = z.firstSymbol(zimage)
            while let current = symbol {
                if z.symbolType(current) == ZBarLibrary.qrCode, let data = z.symbolData(current) {
                    let length = Int(z.symbolLength(current))
                    found.append(data.withMemoryRebound(to: UInt8.self, capacity: length) {
                        Array(UnsafeBufferPointer(start: $0, count: length))
                    })
                }
                symbol = z.symbolNext(current)
            }
            return found
        }
    }

    private static func fourcc(_ code: String) -> UInt {
        code.utf8.reversed().reduce(0) { $0 << 8 | UInt($1) }
    }
}
