import Foundation
import Files

/// What a command may touch: the environment, standard streams and the Drover root.
/// Tests build one with captured output; `main` builds one over the real process.
public final class CommandContext: @unchecked Sendable {
    public let environment: [String: String]
    private let writeOut: @Sendable (String) -> Void
    private let writeErr: @Sendable (String) -> Void
    private let readInputLine: @Sendable () -> String?
    private let readSecret: @Sendable (String) -> String?
    /// True when standard input is a terminal a person can answer prompts on.
    public let isInteractive: Bool
    private let measureTerminal: @Sendable () -> (columns: Int, rows: Int)?

    public init(environment: [String: String],
                isInteractive: Bool,
                out: @escaping @Sendable (String) -> Void,
                err: @escaping @Sendable (String) -> Void,
                readLine: @escaping @Sendable () -> String?,
                readSecretLine: (@Sendable (String) -> String?)? = nil,
                terminalSize: @escaping @Sendable () -> (columns: Int, rows: Int)? = { nil }) {
        self.environment = environment
        self.isInteractive = isInteractive
        self.measureTerminal = terminalSize
        self.writeOut = out
        self.writeErr = err
        self.readInputLine = readLine
        self.readSecret = readSecretLine ?? { prompt in
            err(prompt)
            return readLine()
        }
    }

    /// The real process: stdout, stderr, stdin and `ProcessInfo`'s environment.
    public static func process() -> CommandContext {
        CommandContext(
            environment: ProcessInfo.processInfo.environment,
            isInteractive: isatty(STDIN_FILENO) == 1,
            out: { FileHandle.standardOutput.write(Data($0.utf8)) },
            err: { FileHandle.standardError.write(Data($0.utf8)) },
            readLine: { Swift.readLine(strippingNewline: true) },
            readSecretLine: { prompt in
                FileHandle.standardError.write(Data(prompt.utf8))
                guard isatty(STDIN_FILENO) == 1 else { return Swift.readLine(strippingNewline: true) }
                var saved = termios()
                tcgetattr(STDIN_FILENO, &saved)
                var quiet = saved
                quiet.c_lflag &= ~tcflag_t(ECHO)
                tcsetattr(STDIN_FILENO, TCSANOW, &quiet)
                defer {
                    tcsetattr(STDIN_FILENO, TCSANOW, &saved)
                    FileHandle.standardError.write(Data("\n".utf8))
                }
                return Swift.readLine(strippingNewline: true)
            },
            terminalSize: {
                var size = winsize()
                guard isatty(STDOUT_FILENO) == 1, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else {
                    return nil
                }
                return (Int(size.ws_col), Int(size.ws_row))
            })
    }

    public func print(_ text: String) { writeOut(text + "\n") }
    public func write(_ text: String) { writeOut(text) }
    public func printError(_ text: String) { writeErr(text + "\n") }

    /// The size of the terminal standard output goes to; nil when it is not a terminal (then
    /// whatever is drawn goes to a file or pipe and any size will do).
    public var terminalSize: (columns: Int, rows: Int)? { measureTerminal() }

    /// Reads one line of standard input (nil at end of input).
    public func readLine() -> String? { readInputLine() }

    /// Reads one line that must not appear on screen (a pairing link, a password): on a
    /// terminal, echo is off while it is typed or pasted. `prompt` goes to stderr.
    public func readSecretLine(prompt: String) -> String? { readSecret(prompt) }

    /// Asks a question on stderr and reads the answer; nil when there is nobody to ask.
    public func ask(_ question: String) -> String? {
        writeErr(question)
        return readInputLine()
    }

    /// `$DROVER_HOME`, else `$XDG_CONFIG_HOME/drover`, else `~/.config/drover`.
    public var root: DroverRoot { DroverRoot(environment: environment) }
}
