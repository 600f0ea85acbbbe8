import LibC
import Foundation

/// tmux as an independent "local terminal" for the renderer: a detached pane runs
/// `cat` from a FIFO on a raw tty, the test writes rendered bytes into the FIFO and reads
/// the screen back with `capture-pane`.
final class TmuxOuterTerminal {
    let socket: String
    let fifo: String
    let columns: Int
    let rows: Int
    private var writer: Int32 = -1

    init?(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        let id = "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        socket = "drover-render-\(id)"
        fifo = NSTemporaryDirectory() + "drover-render-\(id).fifo"
        guard mkfifo(fifo, 0o600) == 0 else { return nil }
        let command = "stty raw -echo; exec cat < \(fifo)"
        guard Self.tmux(socket, ["new-session", "-d", "-s", "t", "-x", "\(columns)", "-y", "\(rows)", command],
                        capture: false).status == 0
        else { return nil }
        // Opened read-write (Linux allows this for a FIFO) so neither side's open waits for the other.
        writer = open(fifo, O_RDWR)
        guard writer >= 0 else { return nil }
    }

    deinit {
        if writer >= 0 { close(writer) }
        _ = Self.tmux(socket, ["kill-server"], capture: false)
        unlink(fifo)
    }

    func write(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { LibC.write(writer, $0.baseAddress, $0.count) }
            if count <= 0 { return }
            offset += count
        }
    }

    /// The pane's rows, trailing blanks trimmed.
    func lines() -> [String] {
        let output = Self.tmux(socket, ["capture-pane", "-p", "-t", "t"]).stdout
        var lines = output.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines.map { line in
            var trimmed = line
            while trimmed.last == " " { trimmed.removeLast() }
            return trimmed
        }
    }

    func cursor() -> (row: Int, column: Int)? {
        let parts = Self.tmux(socket, ["display-message", "-p", "-t", "t", "#{cursor_y} #{cursor_x}"]).stdout
            .split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        return parts.count == 2 ? (parts[0], parts[1]) : nil
    }

    /// Runs tmux on the private socket; stdout and exit status. Commands that start the server
    /// must not capture: the server would inherit the pipe and keep it open.
    @discardableResult
    static func tmux(_ socket: String, _ arguments: [String], capture: Bool = true) -> (status: Int32, stdout: String) {
        var pipeFDs: [Int32] = [-1, -1]
        guard pipe(&pipeFDs) == 0 else { return (-1, "") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        if capture {
            posix_spawn_file_actions_adddup2(&actions, pipeFDs[1], 1)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addclose(&actions, pipeFDs[1])
        posix_spawn_file_actions_addclose(&actions, pipeFDs[0])
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        defer { posix_spawn_file_actions_destroy(&actions) }
        let argv = ["tmux", "-L", socket, "-f", "/dev/null"] + arguments
        var cArguments = argv.map { strdup($0) } + [nil]
        defer { for pointer in cArguments { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, "tmux", &actions, nil, &cArguments, environ)
        close(pipeFDs[1])
        guard spawned == 0 else {
            close(pipeFDs[0])
            return (-1, "")
        }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(pipeFDs[0], &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            output += buffer[0..<count]
        }
        close(pipeFDs[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return ((status >> 8) & 0xFF, String(decoding: output, as: UTF8.self))
    }
}
