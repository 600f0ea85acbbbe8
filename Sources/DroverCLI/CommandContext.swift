import Foundation
import Files

/// What a command may touch: the environment, standard streams and the Drover root.
/// Tests build one with captured output; `main` builds one over the real process.
public final class CommandContext: @unchecked Sendable {
    public let environment: [String: String]
    private let writeOut: @Sendable (String) -> Void
    private let writeErr: @Sendable (String) -> Void
    private let readInputLine: @Sendable () -> String?
    /// True when standard input is a terminal a person can answer prompts on.
    public let isInteractive: Bool

    public init(environment: [String: String],
                isInteractive: Bool,
                out: @escaping @Sendable (String) -> Void,
                err: @escaping @Sendable (String) -> Void,
                readLine: @escaping @Sendable () -> String?) {
        self.environment = environment
        self.isInteractive = isInteractive
        self.writeOut = out
        self.writeErr = err
        self.readInputLine = readLine
    }

    /// The real process: stdout, stderr, stdin and `ProcessInfo`'s environment.
    public static func process() -> CommandContext {
        CommandContext(
            environment: ProcessInfo.processInfo.environment,
            isInteractive: isatty(STDIN_FILENO) == 1,
            out: { FileHandle.standardOutput.write(Data($0.utf8)) },
            err: { FileHandle.standardError.write(Data($0.utf8)) },
            readLine: { Swift.readLine(strippingNewline: true) })
    }

    public func print(_ text: String) { writeOut(text + "\n") }
    public func write(_ text: String) { writeOut(text) }
    public func printError(_ text: String) { writeErr(text + "\n") }

    /// Reads one line of standard input (nil at end of input).
    public func readLine() -> String? { readInputLine() }

    /// Asks a question on stderr and reads the answer; nil when there is nobody to ask.
    public func ask(_ question: String) -> String? {
        writeErr(question)
        return readInputLine()
    }

    /// `$DROVER_HOME`, else `$XDG_CONFIG_HOME/drover`, else `~/.config/drover`.
    public var root: DroverRoot { DroverRoot(environment: environment) }
}
