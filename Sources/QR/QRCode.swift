import LibC

/// A QR code (libqrencode, opened at the first code: `QREncodeLibrary`) drawn for a terminal with half blocks: each text row holds two
/// module rows (`▀` top dark, `▄` bottom dark, `█` both, space neither).
///
/// Dark modules are drawn dark on a light background whatever the terminal's theme: every
/// row sets explicit 256-colour SGR colours (16 = black and 231 = white from the colour
/// cube, which themes do not remap, unlike the 16 ANSI colours) and resets at its end.
/// The quiet zone above and below is the 4 modules the QR specification asks for (text rows
/// are cheap: two modules each). Left and right it is 4 too unless that would make the code
/// wider than 80 columns; then it narrows to what fits, down to 1 module, so the longest
/// pairing link (a version 15 symbol, 77 modules) still fits an 80-column terminal. zbar and
/// phone readers lock on with that, since every row is drawn light around the symbol.
public struct QRCode: Sendable, Equatable {
    /// libqrencode's error correction levels that suit screens.
    public enum ErrorCorrection: Sendable {
        /// About 7% of the code can be lost; the smallest symbol, for long links.
        case low
        /// About 15% can be lost; the default.
        case medium
    }

    /// How many columns and rows of text a rendered code needs.
    public struct TextSize: Sendable, Equatable {
        public let columns: Int
        public let rows: Int
    }

    /// Light modules above and below the symbol, and at most left and right of it.
    public static let quietZone = 4
    /// The width the code keeps to when a narrower side quiet zone allows it.
    public static let preferredColumns = 80
    static let colours = "\u{1b}[38;5;16;48;5;231m"
    static let reset = "\u{1b}[0m"

    /// Modules per side of the symbol, without the quiet zone.
    public let width: Int
    /// The QR version libqrencode chose (1...40).
    public let version: Int
    /// Row-major, true for a dark module.
    private let modules: [Bool]

    /// Encodes `text` as 8-bit data (UTF-8 bytes), at the smallest version that holds it.
    public init(_ text: String, errorCorrection: ErrorCorrection = .medium) throws {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty else { throw QRCodeError.empty }
        let library = try QREncodeLibrary.shared.get()
        let level = errorCorrection == .low ? QREncodeLibrary.levelLow : QREncodeLibrary.levelMedium
        guard let code = library.encodeData(Int32(bytes.count), bytes, 0, level) else {
            throw errno == ERANGE ? QRCodeError.tooLong(bytes: bytes.count) : QRCodeError.encodingFailed(errno)
        }
        defer { library.free(code) }
        let symbol = QREncodeLibrary.Symbol(code)
        let width = symbol.width
        guard width > 0, let data = symbol.data else { throw QRCodeError.encodingFailed(0) }
        self.width = width
        version = symbol.version
        // Bit 0 of each byte is the module's colour (1 = dark); the other bits are metadata.
        modules = (0..<width * width).map { data[$0] & 1 == 1 }
    }

    /// True for a dark module. Coordinates are in symbol modules; the quiet zone (and
    /// anything else outside the symbol) is light.
    public func isDark(row: Int, column: Int) -> Bool {
        guard (0..<width).contains(row), (0..<width).contains(column) else { return false }
        return modules[row * width + column]
    }

    /// Light modules left and right of the symbol: 4, or fewer (at least 1) so that the code
    /// fits in `preferredColumns`.
    public var sideQuietZone: Int {
        min(Self.quietZone, max(1, (Self.preferredColumns - width) / 2))
    }

    /// The text size of `render`: symbol plus quiet zone, two module rows per text row.
    public var textSize: TextSize {
        TextSize(columns: width + 2 * sideQuietZone, rows: (width + 2 * Self.quietZone + 1) / 2)
    }

    /// The rows of half-block glyphs, without colours (quiet zone included).
    public var glyphRows: [String] {
        let q = Self.quietZone, side = sideQuietZone
        return stride(from: 0, to: width + 2 * q, by: 2).map { top in
            String((0..<width + 2 * side).map { column -> Character in
                switch (isDark(row: top - q, column: column - side), isDark(row: top + 1 - q, column: column - side)) {
                case (true, true): return "█"
                case (true, false): return "▀"
                case (false, true): return "▄"
                case (false, false): return " "
                }
            })
        }
    }

    /// The code as terminal text: each row in black-on-white SGR, reset before its newline.
    public func rendered() -> String {
        glyphRows.map { Self.colours + $0 + Self.reset + "\n" }.joined()
    }

    /// `text` as terminal text (see `rendered()`).
    public static func render(_ text: String, errorCorrection: ErrorCorrection = .medium) throws -> String {
        try QRCode(text, errorCorrection: errorCorrection).rendered()
    }
}
