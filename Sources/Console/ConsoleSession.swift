import LibC

/// Drover's hold on the local terminal: raw mode, the alternate screen, mouse, paste and
/// focus reporting, all given back by `restore()` on every way out: a normal return or a
/// thrown error (call `restore()` in a `defer`, or let `deinit` do it), a termination signal
/// (SIGINT, SIGTERM, SIGHUP, SIGQUIT) and, as far as a signal handler can, a crash.
///
/// Only one session should be active at a time (the signal path has one set of saved state).
public final class ConsoleSession {
    public let input: Int32
    public let output: Int32
    /// The terminal settings before Drover changed them.
    public let savedSettings: termios
    public private(set) var isActive = false

    /// Takes over the terminal on `input`/`output`: saves termios, switches to raw mode and
    /// writes `ConsoleSequences.enter`.
    public init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) throws {
        guard isatty(input) == 1 else { throw ConsoleError.notATerminal }
        var settings = termios()
        guard tcgetattr(input, &settings) == 0 else { throw ConsoleError.system(call: "tcgetattr", errno: errno) }
        self.input = input
        self.output = output
        self.savedSettings = settings

        SignalRestore.arm(input: input, output: output, termios: settings, restoreBytes: ConsoleSequences.restore)
        var raw = RawMode.settings(from: settings)
        guard tcsetattr(input, TCSAFLUSH, &raw) == 0 else {
            let code = errno
            SignalRestore.disarm()
            throw ConsoleError.system(call: "tcsetattr", errno: code)
        }
        isActive = true
        do {
            try ConsoleOutput.writeAll(output, ConsoleSequences.enter)
        } catch {
            restore()
            throw error
        }
    }

    deinit { restore() }

    /// Gives the terminal back (idempotent): modes reset, screen and termios restored.
    public func restore() {
        guard isActive else { return }
        isActive = false
        SignalRestore.disarm()
        try? ConsoleOutput.writeAll(output, ConsoleSequences.restore)
        var settings = savedSettings
        _ = tcsetattr(input, TCSADRAIN, &settings)
    }

    /// The terminal's size in cells, nil when it cannot be read.
    public var size: (columns: Int, rows: Int)? {
        ConsoleSession.size(of: output) ?? ConsoleSession.size(of: input)
    }

    public static func size(of fd: Int32) -> (columns: Int, rows: Int)? {
        var size = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return (Int(size.ws_col), Int(size.ws_row))
    }
}

/// Raw mode as cfmakeraw(3) sets it: no echo, no line editing, no signals from keys, no
/// output post-processing (the renderer writes exact bytes), 8-bit characters, reads return
/// as soon as one byte is there.
public enum RawMode {
    public static func settings(from original: termios) -> termios {
        var raw = original
        cfmakeraw(&raw)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        return raw
    }
}

/// Blocking-safe writes to a file descriptor.
public enum ConsoleOutput {
    /// Writes every byte, retrying on EINTR and waiting for POLLOUT on EAGAIN.
    public static func writeAll(_ fd: Int32, _ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var written = 0
            while written < buffer.count {
                let result = write(fd, base + written, buffer.count - written)
                if result > 0 {
                    written += result
                    continue
                }
                let code = errno
                if result < 0 && code == EINTR { continue }
                if result < 0 && (code == EAGAIN || code == EWOULDBLOCK) {
                    var descriptor = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&descriptor, 1, -1)
                    continue
                }
                throw ConsoleError.system(call: "write", errno: code)
            }
        }
    }
}
