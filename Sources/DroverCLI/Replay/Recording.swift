#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import VT

/// A recorded terminal byte stream, as `drover replay` reads it: a plain `.vt` file, a
/// `script(1)` typescript, or an asciicast v2 `.cast` file.
struct Recording: Equatable {
    enum Chunk: Equatable {
        case output([UInt8])
        /// An asciicast `"r"` event: the recorded terminal changed size.
        case resize(columns: Int, rows: Int)
    }

    enum Format: String { case raw, typescript, asciicast }

    var format: Format
    var chunks: [Chunk]
    /// The size the recording declares (asciicast header), if any.
    var declaredSize: (columns: Int, rows: Int)?
    /// When each chunk happened, in seconds from the start (asciicast event times); nil when
    /// the file does not say (raw and typescript: `--play` then paces them, see `PlaybackSchedule`).
    var times: [Double]? = nil

    /// Refuses a declared size or resize event beyond `ScreenLimits` (the limits of `--size`):
    /// a recording is untrusted input, and a screen's cells are allocated whole (ADR 0028).
    func checkSizes(name: String) throws {
        let fix = "give --size COLSxROWS (at most \(ScreenLimits.columns)x\(ScreenLimits.rows)) to play it at a size of your choosing."
        if let declared = declaredSize, !ScreenLimits.contains(columns: declared.columns, rows: declared.rows) {
            throw RecordingError("\(name): the header's size \(declared.columns)x\(declared.rows) is larger than a Drover screen can be; " + fix)
        }
        for case let .resize(columns, rows) in chunks where !ScreenLimits.contains(columns: columns, rows: rows) {
            throw RecordingError("\(name): a resize event asks for \(columns)x\(rows), larger than a Drover screen can be; " + fix)
        }
    }

    /// Every output byte, in order (resizes left out).
    var outputBytes: [UInt8] {
        var out: [UInt8] = []
        for case let .output(bytes) in chunks { out += bytes }
        return out
    }

    static func == (a: Recording, b: Recording) -> Bool {
        a.format == b.format && a.chunks == b.chunks
            && a.declaredSize?.columns == b.declaredSize?.columns && a.declaredSize?.rows == b.declaredSize?.rows
    }

    /// Recognises the format: a `.cast` name or a first line that is a JSON object with a
    /// `version` is asciicast; `Script started` opens a typescript; anything else is raw bytes
    /// (a raw stream may well start with `{`).
    static func parse(_ data: [UInt8], name: String) throws -> Recording {
        if name.hasSuffix(".cast") || AsciicastReader.looksLikeHeader(data) {
            return try AsciicastReader.read(data, name: name)
        }
        let started = Array("Script started".utf8)
        if data.starts(with: started) {
            return Recording(format: .typescript, chunks: [.output(typescriptBody(data))], declaredSize: nil)
        }
        return Recording(format: .raw, chunks: [.output(data)], declaredSize: nil)
    }

    /// Drops the `Script started …` header line and the trailing `Script done …` line
    /// (util-linux writes it as "\nScript done on …\n" after the session's own output).
    static func typescriptBody(_ data: [UInt8]) -> [UInt8] {
        var start = 0
        if let newline = data.firstIndex(of: 0x0A) { start = newline + 1 } else { return [] }
        var end = data.count
        let done = Array("\nScript done".utf8)
        if let tail = lastRange(of: done, in: data), tail >= start,
           !data[(tail + 1)...].dropLast().contains(0x0A) {
            end = tail
        }
        return Array(data[start..<end])
    }

    private static func lastRange(of needle: [UInt8], in data: [UInt8]) -> Int? {
        guard data.count >= needle.count else { return nil }
        var i = data.count - needle.count
        while i >= 0 {
            if data[i] == needle[0], data[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i -= 1
        }
        return nil
    }
}

/// What is wrong with a recording file, and what to do about it.
struct RecordingError: Error, CustomStringConvertible, Equatable {
    let description: String
    init(_ description: String) { self.description = description }
}
