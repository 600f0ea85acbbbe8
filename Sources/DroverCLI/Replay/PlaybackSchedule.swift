/// When `replay --play` shows each piece of a recording, and the pausing clock it plays by.
/// Pure: the player hands it the time (`now`, seconds on a monotonic clock) so tests drive it
/// without waiting.
///
/// Times come from the asciicast's events, or from a scriptreplay timing file
/// (`script --log-timing`, lines `DELAY BYTES`) for a typescript; a stream with neither is
/// paced at `steadyBytesPerSecond`. `speed` divides every delay; a time that goes backwards
/// waits nothing.
struct PlaybackSchedule {
    /// Bytes per second for a stream without times: fast enough to watch, slow enough to see.
    static let steadyBytesPerSecond = 4096.0
    static let steadyPieceBytes = 256

    struct Piece: Equatable {
        /// Seconds from the start of playback, at speed 1.
        let at: Double
        let chunk: Recording.Chunk
    }

    let pieces: [Piece]
    private let speed: Double
    private(set) var next = 0
    /// Playback time (already divided by the speed) when the clock last started or stopped.
    private var elapsedBeforeRun = 0.0
    /// When the clock last started; nil while paused.
    private var runningSince: Double?

    var isPaused: Bool { runningSince == nil }
    var isFinished: Bool { next >= pieces.count }

    init(_ recording: Recording, timing: [(delay: Double, bytes: Int)]? = nil, speed: Double, startingAt now: Double) {
        self.speed = speed
        runningSince = now
        if let times = recording.times, times.count == recording.chunks.count {
            var last = 0.0
            pieces = zip(times, recording.chunks).map { time, chunk in
                last = max(last, time)
                return Piece(at: last, chunk: chunk)
            }
        } else if let timing {
            pieces = Self.split(recording.outputBytes, by: timing)
        } else {
            let bytes = recording.outputBytes
            pieces = stride(from: 0, to: bytes.count, by: Self.steadyPieceBytes).map { start in
                Piece(at: Double(start) / Self.steadyBytesPerSecond,
                      chunk: .output(Array(bytes[start..<min(bytes.count, start + Self.steadyPieceBytes)])))
            }
        }
    }

    /// The pieces due by `now`, in order; marks them played.
    mutating func due(at now: Double) -> [Recording.Chunk] {
        let played = playbackTime(at: now)
        var out: [Recording.Chunk] = []
        while next < pieces.count, pieces[next].at / speed <= played {
            out.append(pieces[next].chunk)
            next += 1
        }
        return out
    }

    /// Seconds from `now` until the next piece is due; nil when paused or finished.
    func wait(at now: Double) -> Double? {
        guard !isPaused, next < pieces.count else { return nil }
        return max(0, pieces[next].at / speed - playbackTime(at: now))
    }

    mutating func togglePause(at now: Double) {
        if let since = runningSince {
            elapsedBeforeRun += now - since
            runningSince = nil
        } else {
            runningSince = now
        }
    }

    private func playbackTime(at now: Double) -> Double {
        elapsedBeforeRun + (runningSince.map { now - $0 } ?? 0)
    }

    /// The typescript's bytes cut as the timing file says, each piece at its cumulative delay.
    private static func split(_ bytes: [UInt8], by timing: [(delay: Double, bytes: Int)]) -> [Piece] {
        var pieces: [Piece] = []
        var offset = 0, clock = 0.0
        for entry in timing where offset < bytes.count {
            clock += max(0, entry.delay)
            let end = min(bytes.count, offset + max(0, entry.bytes))
            pieces.append(Piece(at: clock, chunk: .output(Array(bytes[offset..<end]))))
            offset = end
        }
        if offset < bytes.count { pieces.append(Piece(at: clock, chunk: .output(Array(bytes[offset...])))) }
        return pieces
    }

    /// A scriptreplay timing file: `DELAY BYTES` per line (util-linux's classic format; the
    /// advanced format's `O DELAY BYTES` output lines too, its other streams skipped).
    static func parseTiming(_ text: String, name: String) throws -> [(delay: Double, bytes: Int)] {
        var entries: [(delay: Double, bytes: Int)] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where !line.isEmpty {
            var fields = line.split(separator: " ")
            if fields.count == 3 {
                guard fields[0] == "O" else { continue }
                fields.removeFirst()
            }
            guard fields.count == 2, let delay = Double(fields[0]), delay >= 0, let count = Int(fields[1]), count >= 0 else {
                throw RecordingError("\(name), line \(index + 1): not a timing line; each line must be 'DELAY BYTES' "
                                     + "as 'script --log-timing FILE' writes, e.g. '0.25 12'.")
            }
            entries.append((delay, count))
        }
        return entries
    }
}
