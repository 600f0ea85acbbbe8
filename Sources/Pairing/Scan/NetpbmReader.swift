/// Reads Netpbm pictures (PBM, PGM, PPM; plain P1-P3 and raw P4-P6) into a `GrayImage`.
///
/// Parsed here rather than through a library because the format is a few lines of header and
/// a raster. The header's numbers are bounded before anything is allocated, pixels are
/// converted as they are read (no intermediate sample array), and the work is one pass.
enum NetpbmReader {
    typealias Failure = ImageReadFailure

    /// True when `bytes` start like a Netpbm picture this reader takes.
    static func recognizes(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 2 && bytes[0] == UInt8(ascii: "P") && (UInt8(ascii: "1")...UInt8(ascii: "6")).contains(bytes[1])
    }

    static func read(_ bytes: [UInt8]) throws(Failure) -> GrayImage {
        guard recognizes(bytes) else { throw .malformed("it does not start with P1 to P6") }
        let kind = Int(bytes[1] - UInt8(ascii: "0"))
        var cursor = NetpbmCursor(bytes: bytes, index: 2)
        let width = try cursor.number("width")
        let height = try cursor.number("height")
        guard width > 0, height > 0 else { throw .malformed("a side of 0 pixels") }
        guard GrayImage.allows(width: width, height: height) else { throw .tooLarge(width: width, height: height) }
        let maxval = (kind == 1 || kind == 4) ? 1 : try cursor.number("maximum value")
        guard (1...65535).contains(maxval) else { throw .malformed("maximum value \(maxval) is not 1 to 65535") }
        let count = width * height
        // Checked before allocating, so the pixels are never more than the file's bytes: every
        // sample takes at least a byte (P4: a bit; raw formats check their exact size again).
        let samples = count * ((kind == 3 || kind == 6) ? 3 : 1)
        let minimum = kind == 4 ? (width + 7) / 8 * height : samples * (kind >= 5 && maxval > 255 ? 2 : 1)
        guard cursor.remaining >= minimum else { throw .malformed("the raster is shorter than the header says") }
        var pixels = [UInt8](repeating: 255, count: count)
        switch kind {
        case 1:
            for index in 0..<count { pixels[index] = try cursor.plainBit() ? 0 : 255 }  // 1 is black in PBM.
        case 4:
            try cursor.rawBits(into: &pixels, width: width, height: height)
        default:
            let colour = kind == 3 || kind == 6
            let raw = kind >= 5
            if raw { try cursor.startRaster(bytes: count * (colour ? 3 : 1) * (maxval > 255 ? 2 : 1)) }
            /// The next sample scaled to 0...255.
            func sample() throws(Failure) -> Int {
                let value = raw ? cursor.rawSample(wide: maxval > 255) : try cursor.number("sample")
                guard value <= maxval else { throw .malformed("a sample is above the maximum value \(maxval)") }
                return value * 255 / maxval
            }
            for index in 0..<count {
                pixels[index] = colour ? GrayImage.luma(red: try sample(), green: try sample(), blue: try sample())
                                       : UInt8(try sample())
            }
        }
        guard let image = GrayImage(width: width, height: height, pixels: pixels) else { throw .malformed("inconsistent size") }
        return image
    }
}

/// A position in Netpbm bytes with the header grammar: numbers separated by whitespace and
/// `#` comments that run to the end of the line.
struct NetpbmCursor {
    typealias Failure = ImageReadFailure
    let bytes: [UInt8]
    var index: Int

    /// Bytes not read yet.
    var remaining: Int { bytes.count - index }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    mutating func skipSpaceAndComments() {
        while index < bytes.count {
            if Self.isSpace(bytes[index]) {
                index += 1
            } else if bytes[index] == UInt8(ascii: "#") {
                while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
            } else {
                return
            }
        }
    }

    /// A decimal number of at most 6 digits (every bound the caller checks is far below that).
    mutating func number(_ what: String) throws(Failure) -> Int {
        skipSpaceAndComments()
        var value = 0, digits = 0
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
            digits += 1
            guard digits <= 6 else { throw .malformed("the \(what) has too many digits") }
            value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
            index += 1
        }
        guard digits > 0 else {
            throw .malformed(index < bytes.count ? "a \(what) is not a number" : "the picture ends before its \(what)")
        }
        return value
    }

    /// One plain PBM digit (they need no separators); true for 1 (black).
    mutating func plainBit() throws(Failure) -> Bool {
        skipSpaceAndComments()
        guard index < bytes.count else { throw .malformed("the picture ends before its last pixel") }
        let byte = bytes[index]
        guard byte == UInt8(ascii: "0") || byte == UInt8(ascii: "1") else { throw .malformed("a PBM pixel is not 0 or 1") }
        index += 1
        return byte == UInt8(ascii: "1")
    }

    /// Steps over the one whitespace byte that ends a raw header and checks that `bytes`
    /// bytes of raster follow.
    mutating func startRaster(bytes needed: Int) throws(Failure) {
        guard index < bytes.count, Self.isSpace(bytes[index]) else { throw .malformed("no whitespace after the header") }
        index += 1
        guard bytes.count - index >= needed else { throw .malformed("the raster is shorter than the header says") }
    }

    /// The next raw sample (1 byte, or 2 big-endian when the maximum value is above 255);
    /// `startRaster` checked that it is there.
    mutating func rawSample(wide: Bool) -> Int {
        defer { index += wide ? 2 : 1 }
        return wide ? Int(bytes[index]) << 8 | Int(bytes[index + 1]) : Int(bytes[index])
    }

    /// P4: one bit a pixel, most significant first, each row padded to a whole byte.
    mutating func rawBits(into pixels: inout [UInt8], width: Int, height: Int) throws(Failure) {
        let rowBytes = (width + 7) / 8
        try startRaster(bytes: rowBytes * height)
        for row in 0..<height {
            for column in 0..<width {
                let byte = bytes[index + row * rowBytes + column / 8]
                pixels[row * width + column] = (byte >> (7 - UInt8(column % 8))) & 1 == 1 ? 0 : 255
            }
        }
        index += rowBytes * height
    }
}
