import Files
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LibC
import Render
import VT

/// `drover replay FILE`: feeds a recorded byte stream through the emulator and prints the
/// final screen, the bytes some input events would send, or the emulator's speed.
enum ReplayCommand {
    static let command = Command(
        "replay", summary: "play a recorded terminal stream through Drover's emulator",
        usage: "replay FILE [--size COLSxROWS] [--format text|ansi|json] [--input EVENT]... [--replies] [--bench | --bench-relay] "
            + "| replay FILE --play [--speed X] [--timing FILE]",
        details: """
            FILE is a raw byte stream (.vt), a script(1) typescript (its 'Script started' and
            'Script done' lines are dropped) or an asciicast v2 recording (.cast; output and
            resize events are played). The screen is --size, else the asciicast header's size,
            else 80x24; with --size, asciicast resize events are ignored. A header or resize
            event larger than --size allows (2000x1000) is refused: give --size to play it.

            --format text prints each row without trailing blanks, then 'cursor: ROW,COL'
            (from 1). --format json prints every cell with its attributes, the cursor, the
            title and the modes (mouse tracking and encoding included). --format ansi redraws
            the screen with Drover's renderer.

            With --input, nothing else is printed: each EVENT, applied to the modes the stream
            left behind, prints one line with the bytes Drover would send to the remote,
            C-style escaped (\\e[<0;10;5M); an empty line means nothing is sent.
            \(ReplayInput.help)

            --replies prints only what the emulator answered the stream's queries (DA, cursor
            position, the kitty keyboard flags' CSI ? u…), C-style escaped, on one line.

            --bench feeds the stream in 64 KiB chunks to a fresh emulator five times (taking a
            frame at the end of each pass) and prints the best speed as 'drover FILE N MiB/s'.

            --bench-relay measures what attaching spends on the stream, emulator and renderer
            together: a frame is drawn after every 16 KiB (a 1 MiB/s link at 60 frames/s),
            or at the end of the remote's synchronized update. It prints the least CPU time
            of three passes as 'cpu SECONDS bytes N frames F out BYTES'.

            --play shows the recording in this terminal in real time, drawn by Drover's
            renderer as attach draws a host: an asciicast at its event times, a typescript
            at the times of its --timing file (from 'script --log-timing FILE'), anything
            else at \(Int(PlaybackSchedule.steadyBytesPerSecond)) bytes a second.
            --speed X plays X times as fast (0.1 to 1000). Space pauses and resumes, q quits; the last screen
            stays until q. The terminal's title says playing, paused or ended.
            """,
        options: [
            OptionSpec("size", value: "COLSxROWS", help: "screen size, e.g. 120x40"),
            OptionSpec("format", value: "text|ansi|json", help: "how to print the last screen (default text)"),
            OptionSpec("input", value: "EVENT", repeatable: true, help: "print the bytes this event sends (repeatable)"),
            OptionSpec("replies", help: "print what the emulator answered the stream instead"),
            OptionSpec("bench", help: "print the emulator's speed on this stream instead"),
            OptionSpec("bench-relay", help: "print the CPU time of emulator and renderer at 60 frames/s instead"),
            OptionSpec("play", help: "play the recording in this terminal in real time (space pauses, q quits)"),
            OptionSpec("speed", value: "X", help: "with --play: play X times as fast (default 1)"),
            OptionSpec("timing", value: "FILE", help: "with --play: the typescript's timing file (script --log-timing)"),
        ],
        operands: .files,
        action: { args, ctx in try run(args, ctx) })

    enum Format: String { case text, ansi, json }

    static func run(_ args: ParsedArguments, _ ctx: CommandContext) throws -> Int32 {
        let path = try args.positionals(exactly: ["FILE"])[0]
        let size = try args.value("size").map(parseSize)
        if args.flag("play") { return try ReplayPlayCommand.run(path, size: size, args, ctx) }
        if args.value("speed") != nil || args.value("timing") != nil {
            throw UsageError("--speed and --timing go with --play, e.g. 'drover replay \(path) --play --speed 2'")
        }
        let format = try parseFormat(args.value("format"))
        let events = try args.values("input").map(ReplayInput.parseEvent)
        let replies = args.flag("replies")
        if replies && (!events.isEmpty || args.value("format") != nil) {
            throw UsageError("--replies prints only the emulator's answers; leave out --input and --format")
        }
        let bench = args.flag("bench")
        let benchRelay = args.flag("bench-relay")
        if (bench || benchRelay) && (!events.isEmpty || replies || args.value("format") != nil) {
            throw UsageError("--bench and --bench-relay print only the measurement; leave out --input, --replies and --format")
        }
        if bench && benchRelay {
            throw UsageError("--bench and --bench-relay are separate measurements; give one of them")
        }
        if !events.isEmpty && args.value("format") != nil {
            throw UsageError("--input prints only the bytes the events send; leave out --format")
        }

        guard let data = try AtomicFile.read(path, limit: 256 << 20) else {
            throw RecordingError("\(path): no such file; give the path of a .vt, typescript or .cast recording.")
        }
        let recording = try Recording.parse(Array(data), name: path)
        if size == nil { try recording.checkSizes(name: path) }
        let columns = size?.columns ?? recording.declaredSize?.columns ?? 80
        let rows = size?.rows ?? recording.declaredSize?.rows ?? 24

        if bench {
            let speed = VTBench.throughput(of: recording.outputBytes, columns: columns, rows: rows, repeats: 5)
            ctx.print("drover \(path) \(formatted("%.1f", speed)) MiB/s")
            return 0
        }

        if benchRelay {
            let result = RelayBench.run(recording.outputBytes, columns: columns, rows: rows,
                                        frameBytes: 16_384, passes: 3)
            ctx.print("cpu \(result.cpuSeconds) bytes \(recording.outputBytes.count) frames \(result.frames) out \(result.written)")
            return 0
        }

        let (terminal, answered) = try RecordingPlayer.play(recording, name: path, size: size)
        if replies {
            ctx.print(ByteEscaping.cStyle(answered))
            return 0
        }
        if !events.isEmpty {
            let pixels = terminal.cellPixelSize
            let encoder = InputEncoder(modes: terminal.modes, cellPixelWidth: pixels.width, cellPixelHeight: pixels.height)
            for event in events {
                switch event {
                case let .key(key): ctx.print(ByteEscaping.cStyle(encoder.encode(key)))
                case let .other(other): ctx.print(ByteEscaping.cStyle(encoder.encode(other)))
                }
            }
            return 0
        }
        let frame = terminal.frame()
        switch format {
        case .text: ctx.write(ScreenText.render(frame))
        case .json: ctx.write(ScreenJSON.render(frame, modes: terminal.modes))
        case .ansi:
            let bytes = FrameDiff.render(from: nil, to: frame,
                                         capabilities: ConsoleCapabilities(synchronizedOutput: false))
            ctx.write(String(decoding: bytes, as: UTF8.self) + "\r\n")
        }
        return 0
    }

    static func parseSize(_ raw: String) throws -> (columns: Int, rows: Int) {
        let parts = raw.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let c = Int(parts[0]), let r = Int(parts[1]),
              ScreenLimits.contains(columns: c, rows: r) else {
            throw UsageError("--size must be COLSxROWS with 1-\(ScreenLimits.columns) columns and 1-\(ScreenLimits.rows) rows, e.g. 120x40, not '\(raw)'")
        }
        return (c, r)
    }

    static func parseFormat(_ raw: String?) throws -> Format {
        guard let raw else { return .text }
        guard let f = Format(rawValue: raw) else {
            throw UsageError("--format must be text, ansi or json, not '\(raw)'")
        }
        return f
    }
}
