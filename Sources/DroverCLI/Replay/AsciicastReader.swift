import TextSafety

/// Reads asciicast v2: a JSON header object on the first line, then one JSON array per line,
/// `[time, code, data]`. Output (`"o"`) and resize (`"r"`, `"COLSxROWS"`) events are kept;
/// input, marker and other events are ignored, as a player would. Events keep the file's line
/// order even when a time goes backwards (the file is not refused for it); the times are kept
/// for `replay --play`, which waits no time for such a step back.
enum AsciicastReader {
    /// True when the first line is a JSON object with a `version` key.
    static func looksLikeHeader(_ data: [UInt8]) -> Bool {
        guard data.first == UInt8(ascii: "{") else { return false }
        let firstLine = data.prefix { $0 != 0x0A }
        return (try? JSONValue.parse(firstLine))?.object?["version"] != nil
    }

    static func read(_ data: [UInt8], name: String) throws -> Recording {
        // Blank lines are skipped but still counted, so an error names the line an editor shows.
        let lines = data.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated()
            .filter { !$0.element.isEmpty }
        guard let headerLine = lines.first?.element,
              let header = (try? JSONValue.parse(headerLine))?.object else {
            throw RecordingError("\(name): the first line is not a JSON object; an asciicast file starts with its header, e.g. {\"version\": 2, \"width\": 80, \"height\": 24}.")
        }
        guard header["version"]?.int == 2 else {
            throw RecordingError("\(name): asciicast version \(header["version"].map { "\($0)" } ?? "missing") is not supported; record with asciinema's v2 format (asciinema rec --format asciicast-v2).")
        }
        var declared: (columns: Int, rows: Int)?
        if let w = header["width"]?.int, let h = header["height"]?.int, w > 0, h > 0 { declared = (w, h) }

        var chunks: [Recording.Chunk] = []
        var times: [Double] = []
        for (index, line) in lines.dropFirst() {
            let lineNumber = index + 1
            guard let event = (try? JSONValue.parse(line))?.array, event.count >= 3,
                  let time = event[0].double, let code = event[1].string, let payload = event[2].string else {
                throw RecordingError("\(name), line \(lineNumber): not an asciicast event; each line after the header must look like [0.5, \"o\", \"text\"].")
            }
            switch code {
            case "o":
                chunks.append(.output(Array(payload.utf8)))
                times.append(time)
            case "r":
                let size = payload.split(separator: "x").compactMap { Int($0) }
                guard size.count == 2, size[0] > 0, size[1] > 0 else {
                    throw RecordingError("\(name), line \(lineNumber): resize event '\(payload)' is not COLSxROWS.")
                }
                chunks.append(.resize(columns: size[0], rows: size[1]))
                times.append(time)
            default:
                continue
            }
        }
        return Recording(format: .asciicast, chunks: chunks, declaredSize: declared, times: times)
    }
}
