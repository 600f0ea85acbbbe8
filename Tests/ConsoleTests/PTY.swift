import LibC

/// A pseudo-terminal pair for tests, and a child process running on one.
struct PTY {
    var master: Int32
    var slave: Int32

    static func open() -> PTY? {
        var master: Int32 = -1
        var slave: Int32 = -1
        guard openpty(&master, &slave, nil, nil, nil) == 0 else { return nil }
        return PTY(master: master, slave: slave)
    }

    func close() {
        _ = LibC.close(master)
        _ = LibC.close(slave)
    }

    /// Reads from `fd` until `done` holds for what was read, EOF/EIO, or `seconds` pass.
    static func read(_ fd: Int32, seconds: Int32 = 10, until done: ([UInt8]) -> Bool) -> [UInt8] {
        var collected: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !done(collected) {
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, seconds * 1000) > 0 else { break }
            let count = LibC.read(fd, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            collected.append(contentsOf: buffer[0..<count])
        }
        return collected
    }

    /// Starts a child whose stdin/stdout/stderr are a new terminal with `settings`, running
    /// `body` (which must not return normally unless it wants exit status 0).
    static func fork(settings: termios, _ body: () -> Never) -> (pid: pid_t, master: Int32)? {
        var master: Int32 = -1
        var settings = settings
        var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
        let pid = forkpty(&master, nil, &settings, &size)
        if pid < 0 { return nil }
        if pid == 0 { body() }
        return (pid, master)
    }

    /// Waits for the child after its terminal closed (EOF on `master`, at most `seconds`);
    /// a child still alive then is killed with SIGKILL. Returns (exited normally?, exit code
    /// or signal number).
    static func wait(_ pid: pid_t, master: Int32, seconds: Int32 = 10) -> (exited: Bool, value: Int32) {
        _ = read(master, seconds: seconds) { _ in false }
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == 0 {
            kill(pid, SIGKILL)
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        }
        let signal = status & 0x7F
        if signal == 0 { return (true, (status >> 8) & 0xFF) }
        return (false, signal)
    }
}

extension Array where Element == UInt8 {
    func contains(_ needle: [UInt8]) -> Bool {
        guard needle.count <= count else { return false }
        for start in 0...(count - needle.count) where self[start..<(start + needle.count)].elementsEqual(needle) {
            return true
        }
        return false
    }
}
