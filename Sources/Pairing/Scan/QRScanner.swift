import CZBar

/// Finds and decodes the QR codes in a picture with zbar, in-process.
enum QRScanner {
    /// The raw bytes of every QR code zbar finds, in the order it reports them.
    static func decode(_ image: GrayImage) -> [[UInt8]] {
        guard let scanner = zbar_image_scanner_create() else { return [] }
        defer { zbar_image_scanner_destroy(scanner) }
        // Only QR codes; binary mode hands the bytes over without zbar's guess at a text encoding.
        zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_ENABLE, 0)
        zbar_image_scanner_set_config(scanner, ZBAR_QRCODE, ZBAR_CFG_ENABLE, 1)
        zbar_image_scanner_set_config(scanner, ZBAR_QRCODE, ZBAR_CFG_BINARY, 1)
        // A photo of a dark-themed screen may show light modules on dark.
        zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_TEST_INVERTED, 1)
        guard let zimage = zbar_image_create() else { return [] }
        defer { zbar_image_destroy(zimage) }
        zbar_image_set_format(zimage, fourcc("Y800"))
        zbar_image_set_size(zimage, UInt32(image.width), UInt32(image.height))
        return image.pixels.withUnsafeBytes { buffer -> [[UInt8]] in
            // zbar keeps the pointer only until the scan below returns (no cleanup handler).
            zbar_image_set_data(zimage, buffer.baseAddress, UInt(buffer.count), nil)
            defer { zbar_image_set_data(zimage, nil, 0, nil) }
            guard zbar_scan_image(scanner, zimage) > 0 else { return [] }
            var found: [[UInt8]] = []
            var symbol = zbar_image_first_symbol(zimage)
            while let current = symbol {
                if zbar_symbol_get_type(current) == ZBAR_QRCODE, let data = zbar_symbol_get_data(current) {
                    let length = Int(zbar_symbol_get_data_length(current))
                    found.append(data.withMemoryRebound(to: UInt8.self, capacity: length) {
                        Array(UnsafeBufferPointer(start: $0, count: length))
                    })
                }
                symbol = zbar_symbol_next(current)
            }
            return found
        }
    }

    private static func fourcc(_ code: String) -> UInt {
        code.utf8.reversed().reduce(0) { $0 << 8 | UInt($1) }
    }
}
