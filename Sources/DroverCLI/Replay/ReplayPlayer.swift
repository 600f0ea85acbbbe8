import Console
import LibC
import Render
import VT

/// `replay --play`: shows a recording in real time on this terminal, through the emulator and
/// renderer attach uses (frames drawn by `FrameDiff` from Drover's own screen, as for a host).
/// Space pauses and resumes, q (or Escape, ctrl+c) quits; at the end the last screen stays
/// until q. The terminal's title says which of playing, paused or ended it is.
struct ReplayPlayer {
    private let terminal: Terminal
    private var schedule: PlaybackSchedule
    private let followsResizes: Bool
    private let capabilities: ConsoleCapabilities
    private let clock = ContinuousClock()
    private let started: ContinuousClock.Instant

    init(_ recording: Recording, timing: [(delay: Double, bytes: Int)]?, speed: Double, columns: Int, rows: Int,
         followsResizes: Bool, environment: [String: String]) {
        started = clock.now
        terminal = Terminal(columns: columns, rows: rows, scrollbackLimit: 0)
        schedule = PlaybackSchedule(recording, timing: timing, speed: speed, startingAt: 0)
        self.followsResizes = followsResizes
        capabilities = ConsoleCapabilities.detect(environment: environment)
    }

    private var now: Double {
        let elapsed = started.duration(to: clock.now).components
        return Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
    }

    /// Plays until the person quits; throws when this is no terminal.
    mutating func run() throws {
        let console = try ConsoleSession()
        defer { console.restore() }
        var decoder = LocalInputDecoder()
        var shown: Frame?
        var shownState = ""
        var buffer = [UInt8](repeating: 0, count: 256)
        while true {
            for chunk in schedule.due(at: now) {
                switch chunk {
                case .output(let bytes):
                    terminal.feed(bytes)
                    _ = terminal.takeReplies()
                case .resize(let columns, let rows):
                    if followsResizes { terminal.resize(columns: columns, rows: rows) }
                }
            }
            let frame = terminal.frame()
            var out = FrameDiff.render(from: shown, to: frame, capabilities: capabilities)
            let state = schedule.isFinished ? "ended" : schedule.isPaused ? "paused" : "playing"
            if state != shownState {
                out += Array("\u{1B}]2;drover replay: \(state) (space pauses, q quits)\u{7}".utf8)
                shownState = state
            }
            _ = ConsoleOutput.writeAll(console.frameOutput, out, within: .seconds(1))
            shown = frame

            let timeout = decoder.hasPendingEscape ? 100 : schedule.wait(at: now).map { Int32(min(60_000, ($0 * 1000).rounded(.up))) } ?? -1
            var poller = pollfd(fd: console.input, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, timeout)
            if ready < 0 && errno == EINTR { continue }
            if ready == 0 {
                if decoder.hasPendingEscape, decoder.flushPendingEscape().contains(where: Self.quits) { return }
                continue
            }
            let count = read(console.input, &buffer, buffer.count)
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            guard count > 0 else { return }
            for event in decoder.decode(buffer[0..<count]).compactMap(\.asPress) {
                if Self.quits(event) { return }
                if event == .key(.character(" "), []) || event == .text(" ") { schedule.togglePause(at: now) }
            }
        }
    }

    private static func quits(_ event: InputEvent) -> Bool {
        switch event {
        case .key(.escape, _), .key(.character("c"), .control), .key(.character("q"), []), .text("q"), .text("\u{3}"):
            return true
        default:
            return false
        }
    }
}
