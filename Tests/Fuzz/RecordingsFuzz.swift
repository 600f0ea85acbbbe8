// libFuzzer target for the recordings `drover replay` reads: asciicast v2 (.cast) and
// script(1) typescripts, with plain byte streams as the fallback. Built by `scripts/fuzz
// recordings` from DroverCLI's Recording and AsciicastReader files.
//
// Byte 0 picks the file name (even: `x.cast`, so the asciicast reader is forced; odd: `x.vt`,
// so the format is sniffed); the rest is the file. Properties checked: reading ends and
// either fails with a RecordingError that says something, or yields a recording where a raw
// stream is the input itself, a typescript body is a contiguous part of the input after its
// first line, and every asciicast size (declared or resize) is positive. Every recording read is
// then played as `drover replay` plays it (RecordingPlayer, without --size): it is refused with a
// RecordingError or played on a screen within ScreenLimits, under the target's 512 MiB RSS limit
// (a 10^6 x 10^6 header or resize event once took 20 GB; issue 30). An asciicast recording
// replays its output and resize events in the file's line order, whatever their times say:
// `drover replay` does not pace by time (it shows where the stream ends up), so an event whose
// time goes backwards is neither dropped nor moved, and such a file is not refused.
import Foundation
import VT

@_cdecl("LLVMFuzzerTestOneInput")
public func recordingsFuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size >= 1 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    let name = data[0] & 1 == 0 ? "x.cast" : "x.vt"

    checkTypescriptBody(bytes)
    let recording: Recording
    do {
        recording = try Recording.parse(bytes, name: name)
    } catch let error as RecordingError {
        if error.description.isEmpty { fail("an empty RecordingError") }
        return 0
    } catch {
        fail("an error that is not a RecordingError: \(error)")
    }
    switch recording.format {
    case .raw:
        if recording.outputBytes != bytes { fail("a raw recording does not replay its own bytes") }
    case .typescript:
        checkTypescriptBody(bytes)
    case .asciicast:
        if let size = recording.declaredSize, size.columns <= 0 || size.rows <= 0 {
            fail("declared size \(size) is not positive")
        }
        for case let .resize(columns, rows) in recording.chunks where columns <= 0 || rows <= 0 {
            fail("resize to \(columns)x\(rows) is not positive")
        }
        if recording.chunks != eventsInLineOrder(bytes) { fail("the events are not replayed in the file's line order") }
    }
    checkPlayed(recording, name: name)
    return 0
}

/// Plays the recording as `drover replay` does: refused, or on a screen within the limits.
func checkPlayed(_ recording: Recording, name: String) {
    do {
        let terminal = try RecordingPlayer.play(recording, name: name, size: nil).terminal
        if terminal.columns > ScreenLimits.columns || terminal.rows > ScreenLimits.rows {
            fail("played on a \(terminal.columns)x\(terminal.rows) screen")
        }
    } catch let error as RecordingError {
        if error.description.isEmpty { fail("an empty RecordingError from playing") }
    } catch {
        fail("playing threw an error that is not a RecordingError: \(error)")
    }
}

/// The typescript body must be a run of the input that starts after the first newline.
func checkTypescriptBody(_ bytes: [UInt8]) {
    let body = Recording.typescriptBody(bytes)
    guard let newline = bytes.firstIndex(of: 0x0A) else {
        if !body.isEmpty { fail("a typescript without a header line has a body") }
        return
    }
    let start = newline + 1
    if body.count > bytes.count - start || !bytes[start..<(start + body.count)].elementsEqual(body) {
        fail("the typescript body is not the input after its header line")
    }
}

/// The output and resize events of an asciicast file the reader accepted, one line at a time
/// in file order (the header line and blank lines skipped, other event codes ignored).
func eventsInLineOrder(_ bytes: [UInt8]) -> [Recording.Chunk] {
    var chunks: [Recording.Chunk] = []
    for line in bytes.split(separator: 0x0A).dropFirst() {
        guard let event = try? JSONSerialization.jsonObject(with: Data(line)) as? [Any], event.count >= 3,
              let code = event[1] as? String, let payload = event[2] as? String else { continue }
        if code == "o" { chunks.append(.output(Array(payload.utf8))) }
        if code == "r" {
            let size = payload.split(separator: "x").compactMap { Int($0) }
            if size.count == 2 { chunks.append(.resize(columns: size[0], rows: size[1])) }
        }
    }
    return chunks
}

/// Prints what broke and aborts, so libFuzzer saves the input as a crash.
func fail(_ message: String) -> Never {
    fputs("recordings fuzz: \(message)\n", stderr)
    abort()
}
