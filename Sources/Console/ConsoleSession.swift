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
    /// Where frames, the enter and the restore sequence go. Normally a description of the
    /// output's terminal that only Drover has, opened anew and non-blocking
    /// (`reopenTerminalForWriting`), so no write waits for the terminal and the file status
    /// flags of `output`, which the shell and every other process on the terminal share, are
    /// never changed: nothing has to be put back, not even after a SIGKILL.
    ///
    /// When the terminal cannot be reopened (its /dev/pts is another namespace's, or its node
    /// is not the user's after su), this is `output` itself, left blocking, as libuv does. The
    /// alternative, O_NONBLOCK on the shared description, would make the terminal
    /// non-blocking for the shell and its jobs while Drover runs and for good if Drover dies
    /// unrestored; blocking costs Drover alone: a terminal that stops reading then holds up
    /// its loop (and the hosts' links) until it reads again, and the restore at exit waits.
    public let frameOutput: Int32
    /// The terminal settings before Drover changed them.
    public let savedSettings: termios
    public private(set) var isActive = false
    /// What turns off the keyboard mode Drover turned on in the terminal (`LocalKeyboard.undo`),
    /// written before `ConsoleSequences.restore` at exit and by the signal handler.
    public var keyboardUndo: [UInt8] = [] {
        didSet { SignalRestore.setKeyboardUndo(keyboardUndo) }
    }

    /// True while the keyboard probe went out and its DA1 answer has not come: `restore()`
    /// reads the answer first, so it does not land in the shell (`ProbeAnswerDrain`).
    public var awaitsProbeAnswer = false

    /// Whether frames are written to Drover's own non-blocking description (see `frameOutput`).
    public var framesNeverWait: Bool { frameOutput != output }

    /// Takes over the terminal on `input`/`output`: saves termios, opens `frameOutput`,
    /// switches to raw mode and writes `ConsoleSequences.enter` (waiting for the terminal:
    /// nothing else runs yet). Frames then go through a `ConsoleWriter` on `frameOutput`.
    public init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) throws {
        guard isatty(input) == 1 else { throw ConsoleError.notATerminal }
        var settings = termios()
        guard tcgetattr(input, &settings) == 0 else { throw ConsoleError.system(call: "tcgetattr", errno: errno) }
        self.input = input
        self.output = output
        self.savedSettings = settings
        let reopened = reopenTerminalForWriting(output)
        self.frameOutput = reopened >= 0 ? reopened : output
        // From here on a throw runs deinit, which closes the reopened description.

        SignalRestore.arm(input: input, output: frameOutput, termios: settings, restoreBytes: ConsoleSequences.restore,
                          patience: Self.restoreWait)
        var raw = RawMode.settings(from: settings)
        guard tcsetattr(input, TCSAFLUSH, &raw) == 0 else {
            let code = errno
            SignalRestore.disarm()
            throw ConsoleError.system(call: "tcsetattr", errno: code)
        }
        isActive = true
        do {
            try ConsoleOutput.writeAll(frameOutput, ConsoleSequences.enter)
        } catch {
            restore()
            throw error
        }
    }

    deinit {
        restore()
        if framesNeverWait { close(frameOutput) }
    }

    /// Gives the terminal back (idempotent): modes reset, screen and termios restored. Finish
    /// the front view's `ConsoleWriter` first, so its last frame is whole.
    ///
    /// The restore sequence is the one write that waits, and only for `restoreWait`: a
    /// terminal stopped for good must not keep Drover from exiting (the loop has stopped, so
    /// no host waits on it; the sessions keep running on the hosts anyway). Without a
    /// description of its own (`frameOutput`) the write blocks until the terminal reads.
    public func restore() {
        guard isActive else { return }
        isActive = false
        SignalRestore.disarm()
        if awaitsProbeAnswer { ProbeAnswerDrain.drain(input, within: Self.probeAnswerWait) }
        ConsoleOutput.writeAll(frameOutput, keyboardUndo + ConsoleSequences.restore, within: Self.restoreWait)
        var settings = savedSettings
        _ = tcsetattr(input, TCSADRAIN, &settings)
    }

    /// The longest wait at exit for the answer to a keyboard probe still out (terminals answer
    /// within milliseconds; one that never does costs this once).
    public static let probeAnswerWait: Duration = .milliseconds(500)

    /// The longest wait for the terminal to take the restore sequence at exit (from a signal too).
    public static let restoreWait: Duration = .seconds(1)

    /// The terminal's size in cells, nil when it cannot be read.
    public var size: (columns: Int, rows: Int)? {
        ConsoleSession.size(of: output) ?? ConsoleSession.size(of: input)
    }

    /// The window's size in pixels with its size in cells, when the terminal fills in
    /// TIOCGWINSZ's pixel fields (xterm does; many terminals leave them 0): nil otherwise.
    public var pixelSize: (width: Int, height: Int, columns: Int, rows: Int)? {
        var size = winsize()
        guard ioctl(output, UInt(TIOCGWINSZ), &size) == 0, size.ws_xpixel > 0, size.ws_ypixel > 0,
              size.ws_col > 0, size.ws_row > 0 else { return nil }
        return (Int(size.ws_xpixel), Int(size.ws_ypixel), Int(size.ws_col), Int(size.ws_row))
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
