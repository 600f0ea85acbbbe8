import Foundation
import TestSupport

/// A private tmux server (its own socket, no config) that plays a byte stream in a detached
/// pane of a given size and reports what the pane shows.
///
/// The pane runs `stty raw -echo; cat FILE`, so the bytes reach tmux unchanged (no ONLCR,
/// no echo). The file ends with an OSC 2 title naming a unique marker; a `pane-title-changed`
/// hook signals a `wait-for` channel when the title equals it. tmux parses pane output in
/// order, so once the marker arrives every byte before it has been applied: the test waits on
/// that event (bounded by `timeout`), not on a sleep.
final class TmuxPane {
    struct Capture {
        /// `capture-pane -p -e -N` output: one line per row, SGR codes included.
        var lines: [String]
        var cursorColumn: Int
        var cursorRow: Int
        var cursorVisible: Bool
    }

    let tmux: String
    let socket: String
    private let scratch: String
    private var runs = 0

    /// nil when tmux is not installed.
    init?() {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        guard let dir = path.first(where: { FileManager.default.isExecutableFile(atPath: "\($0)/tmux") }) else {
            return nil
        }
        tmux = "\(dir)/tmux"
        socket = "drover-vt-\(getpid())-\(UUID().uuidString.prefix(8))"
        scratch = NSTemporaryDirectory() + "/drover-vt-diff-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    }

    func play(_ stream: [UInt8], columns: Int, rows: Int) throws -> Capture {
        runs += 1
        let session = "s\(runs)"
        let channel = "done-\(runs)"
        let marker = "drover-marker-\(runs)-\(UUID().uuidString)"
        let file = "\(scratch)/stream-\(runs).vt"
        try Data(stream + Array("\u{1B}]2;\(marker)\u{07}".utf8)).write(to: URL(fileURLWithPath: file))
        defer { unlink(file) }

        let hook = "if -F '#{==:#{pane_title},\(marker)}' 'wait-for -S \(channel)'"
        try Shell.run(tmux, ["-L", socket, "-f", "/dev/null", "start-server", ";",
                             "set-hook", "-g", "pane-title-changed", hook, ";",
                             "new-session", "-d", "-s", session, "-x", "\(columns)", "-y", "\(rows)",
                             "stty raw -echo; cat '\(file)'; exec sleep 100000"])
        defer { _ = try? Shell.execute(tmux, ["-L", socket, "kill-session", "-t", session]) }
        let waited = try Shell.execute("/usr/bin/timeout", ["30", tmux, "-L", socket, "wait-for", channel])
        guard waited.status == 0 else {
            throw TmuxError("tmux did not finish the stream within 30 s (wait-for exited \(waited.status))")
        }
        let text = try Shell.run(tmux, ["-L", socket, "capture-pane", "-p", "-e", "-N", "-t", session])
        let cursor = try Shell.run(tmux, ["-L", socket, "display", "-p", "-t", session,
                                          "#{cursor_x},#{cursor_y},#{cursor_flag}"])
        let numbers = cursor.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",").compactMap { Int($0) }
        guard numbers.count == 3 else { throw TmuxError("unexpected cursor report '\(cursor)'") }
        var lines = text.components(separatedBy: "\n")
        if lines.count > rows { lines = Array(lines.prefix(rows)) }
        return Capture(lines: lines, cursorColumn: numbers[0], cursorRow: numbers[1], cursorVisible: numbers[2] == 1)
    }

    func shutdown() {
        _ = try? Shell.execute(tmux, ["-L", socket, "kill-server"])
        try? FileManager.default.removeItem(atPath: scratch)
    }
}

struct TmuxError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
