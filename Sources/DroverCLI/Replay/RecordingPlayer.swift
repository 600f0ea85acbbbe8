import VT

/// Plays a recording into a fresh emulator, as `drover replay` shows it: at `size` when given
/// (resize events are then ignored), else at the size the recording declares, else 80x24. A
/// declared size or resize event beyond `ScreenLimits` is refused before any screen is made
/// (ADR 0028). The fuzz target `recordings` plays every input through here.
enum RecordingPlayer {
    static func play(_ recording: Recording, name: String, size: (columns: Int, rows: Int)?,
                     scrollbackLimit: Int = 1000) throws -> (terminal: Terminal, replies: [UInt8]) {
        if size == nil { try recording.checkSizes(name: name) }
        let columns = size?.columns ?? recording.declaredSize?.columns ?? 80
        let rows = size?.rows ?? recording.declaredSize?.rows ?? 24
        let terminal = Terminal(columns: columns, rows: rows, scrollbackLimit: scrollbackLimit)
        var replies: [UInt8] = []
        for chunk in recording.chunks {
            switch chunk {
            case let .output(bytes):
                terminal.feed(bytes)
                replies += terminal.takeReplies()
            case let .resize(c, r):
                if size == nil { terminal.resize(columns: c, rows: r) }
            }
        }
        return (terminal, replies)
    }
}
