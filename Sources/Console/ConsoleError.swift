import LibC

/// Failures of the local terminal or the event loop.
public enum ConsoleError: Error, CustomStringConvertible, Equatable {
    /// The input is not a terminal (piped or redirected).
    case notATerminal
    /// A system call failed; `call` names it.
    case system(call: String, errno: Int32)

    public var description: String {
        switch self {
        case .notATerminal:
            return "standard input is not a terminal. Run drover attach from an interactive terminal, not through a pipe."
        case let .system(call, code):
            return "\(call) failed: \(String(cString: strerror(code))). Check that the terminal is still open and try again."
        }
    }
}
