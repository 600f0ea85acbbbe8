import Files
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `drover replay FILE --play [--speed X] [--timing FILE]`: checks the options, reads the
/// recording (and its timing file), then hands them to `ReplayPlayer`.
enum ReplayPlayCommand {
    static func run(_ path: String, size: (columns: Int, rows: Int)?, _ args: ParsedArguments, _ ctx: CommandContext) throws -> Int32 {
        for other in ["format", "input", "replies", "bench", "bench-relay"] where args.options[other] != nil {
            throw UsageError("--play shows the recording itself; leave out --\(other)")
        }
        let speed = try args.value("speed").map { raw -> Double in
            guard let value = Double(raw), value >= 0.1, value <= 1000 else {
                throw UsageError("--speed must be a number from 0.1 to 1000 (2 plays twice as fast), not '\(raw)'")
            }
            return value
        } ?? 1
        guard ctx.isInteractive, ctx.terminalSize != nil else {
            throw UsageError("--play needs a terminal to play in; without --play, 'drover replay \(path)' prints the last screen")
        }
        guard let data = try AtomicFile.read(path, limit: 256 << 20) else {
            throw RecordingError("\(path): no such file; give the path of a .vt, typescript or .cast recording.")
        }
        let recording = try Recording.parse(Array(data), name: path)
        var timing: [(delay: Double, bytes: Int)]?
        if let timingPath = args.value("timing") {
            guard recording.format != .asciicast else {
                throw UsageError("an asciicast file has its own times; leave out --timing")
            }
            guard let text = try AtomicFile.read(timingPath, limit: 64 << 20) else {
                throw RecordingError("\(timingPath): no such file; give the timing file 'script --log-timing FILE' wrote.")
            }
            timing = try PlaybackSchedule.parseTiming(String(decoding: text, as: UTF8.self), name: timingPath)
        }
        var player = ReplayPlayer(recording, timing: timing, speed: speed,
                                  columns: size?.columns ?? recording.declaredSize?.columns ?? 80,
                                  rows: size?.rows ?? recording.declaredSize?.rows ?? 24,
                                  followsResizes: size == nil, environment: ctx.environment)
        try player.run()
        return 0
    }
}
