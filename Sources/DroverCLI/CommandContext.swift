#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LibC
import Files
import TextSafety

/// What a command may touch: the environment, standard streams and the Drover root.
/// Tests build one with captured output; `main` builds one over the real process.
public final class CommandContext: Sendable {
    public let environment: [String: String]
    private let writeOut: @Sendable (String) -> Void
    private let writeErr: @Sendable (String) -> Void
    private let readInputLine: @Sendable () throws -> String?
    private let readSecret: @Sendable (String) throws -> String?
    private let readAllInput: @Sendable (Int) -> [UInt8]
    /// True when standard input is a terminal a person can answer prompts on.
    public let isInteractive: Bool
    private let measureTerminal: @Sendable () -> (columns: Int, rows: Int)?

    public init(environment: [String: String],
                isInteractive: Bool,
                out: @escaping @Sendable (String) -> Void,
                err: @escaping @Sendable (String) -> Void,
                readLine: @escaping @Sendable () throws -> String?,
                readSecretLine: (@Sendable (String) throws -> String?)? = nil,
                readAll: (@Sendable (Int) -> [UInt8])? = nil,
                terminalSize: @escaping @Sendable () -> (columns: Int, rows: Int)? = { nil }) {
        self.environment = environment
        self.isInteractive = isInteractive
        self.measureTerminal = terminalSize
        self.writeOut = out
        self.writeErr = err
        self.readInputLine = readLine
        self.readSecret = readSecretLine ?? { prompt in
            err(prompt)
            return try readLine()
        }
        self.readAllInput = readAll ?? { limit in
            var bytes: [UInt8] = []
            while bytes.count <= limit, let line = (try? readLine()) ?? nil { bytes += Array(line.utf8) + [0x0a] }
            return bytes
        }
    }

    /// The real process: stdout, stderr, stdin and `ProcessInfo`'s environment.
    public static func process() -> CommandContext {
        CommandContext(
            environment: ProcessInfo.processInfo.environment,
            isInteractive: isatty(STDIN_FILENO) == 1,
            // A reader that went away (SIGPIPE is ignored, so the write fails with EPIPE) gets
            // nothing more.
            out: { writeAll(STDOUT_FILENO, $0) },
            err: { writeAll(STDERR_FILENO, $0) },
            readLine: { try StandardInputLine.next() },
            readSecretLine: { prompt in
                writeAll(STDERR_FILENO, prompt)
                guard isatty(STDIN_FILENO) == 1 else { return try StandardInputLine.next() }
                var saved = termios()
                tcgetattr(STDIN_FILENO, &saved)
                var quiet = saved
                quiet.c_lflag &= ~tcflag_t(ECHO)
                tcsetattr(STDIN_FILENO, TCSANOW, &quiet)
                defer {
                    tcsetattr(STDIN_FILENO, TCSANOW, &saved)
                    writeAll(STDERR_FILENO, "\n")
                }
                return try StandardInputLine.next()
            },
            readAll: { limit in
                var bytes: [UInt8] = []
                var buffer = [UInt8](repeating: 0, count: 65536)
                while bytes.count <= limit {
                    let n = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress!, $0.count) }
                    if n < 0 && errno == EINTR { continue }
                    if n <= 0 { break }
                    bytes += buffer[0..<n]
                }
                return bytes
            },
            terminalSize: {
                var size = winsize()
                guard isatty(STDOUT_FILENO) == 1, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else {
                    return nil
                }
                return (Int(size.ws_col), Int(size.ws_row))
            })
    }

    /// Messages and their lines go out through `SafeText`: they quote host names, file
    /// contents and remote errors, and none of those may drive the terminal. Line feeds stay.
    public func print(_ text: String) { writeOut(SafeText.escaped(text, keepingLineBreaks: true) + "\n") }
    public func printError(_ text: String) { writeErr(SafeText.escaped(text, keepingLineBreaks: true) + "\n") }
    /// Writes `text` as it is: for output Drover composed itself (help, QR codes, rendered
    /// screens). Anything in it that came from a file or a host must pass `SafeText` first.
    public func write(_ text: String) { writeOut(text) }

    /// The size of the terminal standard output goes to; nil when it is not a terminal (then
    /// whatever is drawn goes to a file or pipe and any size will do).
    public var terminalSize: (columns: Int, rows: Int)? { measureTerminal() }

    /// Reads one line of standard input (nil at end of input); throws `InputLineTooLong` for a
    /// line beyond `StandardInputLine.limit`.
    public func readLine() throws -> String? { try readInputLine() }

    /// Reads standard input to its end, stopping once more than `limit` bytes have arrived
    /// (so a caller sees the excess and can refuse it without reading forever).
    public func readAll(limit: Int) -> [UInt8] { readAllInput(limit) }

    /// Reads one line that must not appear on screen (a pairing link, a password): on a
    /// terminal, echo is off while it is typed or pasted. `prompt` goes to stderr.
    public func readSecretLine(prompt: String) throws -> String? {
        try readSecret(SafeText.escaped(prompt, keepingLineBreaks: true))
    }

    /// Asks a question on stderr and reads the answer; nil when there is nobody to ask.
    public func ask(_ question: String) throws -> String? {
        writeErr(SafeText.escaped(question, keepingLineBreaks: true))
        return try readInputLine()
    }

    /// `$DROVER_HOME`, else `$XDG_CONFIG_HOME/drover`, else `~/.config/drover`.
    public var root: DroverRoot { DroverRoot(environment: environment) }
}

/// Writes all of `text` to `fd`; an error (EPIPE from a reader that went away) ends it quietly.
private func writeAll(_ fd: Int32, _ text: String) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
        let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        if n < 0 && errno == EINTR { continue }
        guard n > 0 else { return }
        bytes = bytes.dropFirst(n)
    }
}
