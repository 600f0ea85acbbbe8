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
    /// The output's file status flags before Drover made it non-blocking. They belong to the
    /// open file description, which the shell and other processes on the terminal share, so
    /// they are put back on every way out, like the settings.
    private let savedFlags: Int32
    public private(set) var isActive = false

    /// Takes over the terminal on `input`/`output`: saves termios, switches to raw mode, writes
    /// `ConsoleSequences.enter` (waiting for the terminal: nothing else runs yet) and makes
    /// `output` non-blocking, so frames go through a `ConsoleWriter` that never waits.
    public init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) throws {
        guard isatty(input) == 1 else { throw ConsoleError.notATerminal }
        var settings = termios()
        guard tcgetattr(input, &settings) == 0 else { throw ConsoleError.system(call: "tcgetattr", errno: errno) }
        self.input = input
        self.output = output
        self.savedSettings = settings
        let flags = fcntl(output, F_GETFL)
        guard flags >= 0 else { throw ConsoleError.system(call: "fcntl", errno: errno) }
        self.savedFlags = flags

        SignalRestore.arm(input: input, output: output, termios: settings, outputFlags: flags,
                          restoreBytes: ConsoleSequences.restore)
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
        _ = fcntl(output, F_SETFL, flags | O_NONBLOCK)
    }

    deinit { restore() }

    /// Gives the terminal back (idempotent): modes reset, screen, file status flags and termios
    /// restored. Finish the relay's `ConsoleWriter` first, so its last frame is whole.
    ///
    /// The restore sequence is the one write that waits, and only for `restoreWait`: a
    /// terminal stopped for good must not keep Drover from exiting (the loop has stopped, so
    /// no host waits on it; the sessions keep running on the hosts anyway).
    public func restore() {
        guard isActive else { return }
        isActive = false
        SignalRestore.disarm()
        ConsoleOutput.writeAll(output, ConsoleSequences.restore, within: Self.restoreWait)
        _ = fcntl(output, F_SETFL, savedFlags)
        var settings = savedSettings
        _ = tcsetattr(input, TCSADRAIN, &settings)
    }

    /// The longest wait for the terminal to take the restore sequence at exit.
    public static let restoreWait: Duration = .seconds(1)

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
