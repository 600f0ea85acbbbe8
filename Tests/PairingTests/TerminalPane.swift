import Foundation
import TestSupport
import LibC

/// A program running in a detached tmux pane on a private server (`-L drover-pair-<random>`,
/// no config), so it has a real terminal: the test types into it and reads what it shows.
///
/// The pane runs a small `sh` that starts the program, writes its exit status to a file and
/// then signals a `wait-for` channel (tmux remembers a signal nobody waited for yet), so the
/// exit is awaited as an event. (tmux's own `pane-died` hook is not used: a tmux built with
/// libutempter can miss a pane's SIGCHLD, tmux issue #311, and then never reaps it.) The pane
/// stays after the shell ends (`remain-on-exit`). Screen text has no event; `waitForText`
/// polls it with a deadline.
final class TerminalPane {
    let socket = "drover-pair-" + UUID().uuidString.prefix(8).lowercased()
    private let session = "pane"
    private let exitChannel = "drover-pane-exited"
    private let scratch: TemporaryDirectory
    private var statusFile: String { scratch.file("status") }

    /// Starts `executable arguments` (no shell parsing of them) in a `columns` x `rows` pane.
    init(_ executable: String, _ arguments: [String], columns: Int = 100, rows: Int = 30) throws {
        scratch = try TemporaryDirectory(prefix: "drover-pane")
        let script = #""$@"; echo $? > "$STATUS"; exec /usr/bin/tmux -L "$SOCKET" wait-for -S "$CHANNEL""#
        try tmux(["start-server", ";",
                  "set-option", "-g", "remain-on-exit", "on", ";",
                  "new-session", "-d", "-s", session, "-x", String(columns), "-y", String(rows),
                  "-e", "STATUS=\(statusFile)", "-e", "SOCKET=\(socket)", "-e", "CHANNEL=\(exitChannel)",
                  "/bin/sh", "-c", script, "sh", executable] + arguments)
    }

    /// What the pane shows now, one line per row (trailing spaces dropped).
    func screen() -> String {
        (try? tmux(["capture-pane", "-p", "-t", session])) ?? ""
    }

    /// Everything the pane showed, scrolled-off history included, with wrapped lines joined
    /// back into the lines the program wrote.
    func joinedScreen() -> String {
        (try? tmux(["capture-pane", "-p", "-J", "-S", "-", "-t", session])) ?? ""
    }

    /// Polls the screen until it contains `text`; returns the last screen and whether it did.
    @discardableResult
    func waitForText(_ text: String, timeout: TimeInterval = 30) -> (found: Bool, screen: String) {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let shown = screen()
            if shown.contains(text) { return (true, shown) }
            if Date() >= deadline { return (false, shown) }
            usleep(50_000)
        }
    }

    /// Types `text` literally (no key names).
    func type(_ text: String) throws {
        try tmux(["send-keys", "-t", session, "-l", text])
    }

    /// Presses tmux key names, e.g. `Enter`, `C-]`.
    func press(_ keys: String...) throws {
        try tmux(["send-keys", "-t", session] + keys)
    }

    /// Waits (bounded) for the program to exit; returns its exit status, nil on timeout.
    func waitForExit(timeout: Int = 30) -> Int32? {
        let waited = try? Shell.execute("/usr/bin/timeout", [String(timeout), "/usr/bin/tmux", "-L", socket, "wait-for", exitChannel])
        guard waited?.status == 0, let status = try? String(contentsOfFile: statusFile, encoding: .utf8) else { return nil }
        return Int32(status.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Kills the private server and whatever still runs in the pane.
    func kill() {
        _ = try? Shell.execute("/usr/bin/tmux", ["-L", socket, "kill-server"])
        scratch.remove()
    }

    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        try Shell.run("/usr/bin/tmux", ["-L", socket, "-f", "/dev/null"] + arguments)
    }
}
