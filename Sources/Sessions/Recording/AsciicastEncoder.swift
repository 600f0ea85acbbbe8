import TextSafety

/// The lines of an asciicast v2 file (https://docs.asciinema.org/manual/asciicast/v2/): a header
/// object, then one `[time, "o", text]` or `[time, "r", "COLSxROWS"]` array per line.
///
/// Output is text in that format, so a UTF-8 character split between two reads is held back
/// (at most 3 bytes) until its end arrives, and bytes that are not UTF-8 become U+FFFD.
/// A value with no I/O: `CastRecorder` writes what it returns.
struct AsciicastEncoder {
    /// The start of a UTF-8 character whose end has not arrived yet.
    private var carry: [UInt8] = []

    /// The header line: version 2, the recorded screen's size, the start time, and TERM.
    static func header(columns: Int, rows: Int, timestamp: Int, term: String?) -> [UInt8] {
        var line = "{\"version\": 2, \"width\": \(columns), \"height\": \(rows), \"timestamp\": \(timestamp)"
        if let term { line += ", \"env\": {\"TERM\": \(JSONText.literal(term))}" }
        return Array((line + "}\n").utf8)
    }

    /// An output event at `seconds` after the start; empty if every byte is held back.
    mutating func output(_ bytes: UnsafeRawBufferPointer, at seconds: Duration) -> [UInt8] {
        var data = carry
        data.append(contentsOf: bytes)
        let keep = Self.incompleteTail(data)
        carry = Array(data.suffix(keep))
        data.removeLast(keep)
        guard !data.isEmpty else { return [] }
        return Array("[\(Self.time(seconds)), \"o\", \(JSONText.literal(String(decoding: data, as: UTF8.self)))]\n".utf8)
    }

    /// A resize event (`"r"`, `COLSxROWS`) at `seconds` after the start.
    static func resize(columns: Int, rows: Int, at seconds: Duration) -> [UInt8] {
        Array("[\(time(seconds)), \"r\", \"\(columns)x\(rows)\"]\n".utf8)
    }

    /// How many bytes at the end of `data` begin a UTF-8 character that is not complete yet.
    static func incompleteTail(_ data: [UInt8]) -> Int {
        var back = 1
        while back <= min(3, data.count) {
            let byte = data[data.count - back]
            if byte & 0xC0 != 0x80 {
                let length = byte >= 0xF0 && byte <= 0xF4 ? 4 : byte >= 0xE0 && byte < 0xF0 ? 3
                    : byte >= 0xC2 && byte < 0xE0 ? 2 : 1
                return length > back ? back : 0
            }
            back += 1
        }
        return 0
    }

    /// Seconds with six decimals, without locale or floating-point noise.
    static func time(_ elapsed: Duration) -> String {
        let micro = max(0, elapsed.components.seconds * 1_000_000 + elapsed.components.attoseconds / 1_000_000_000_000)
        let fraction = String(micro % 1_000_000)
        return "\(micro / 1_000_000)." + String(repeating: "0", count: 6 - fraction.count) + fraction
    }
}
