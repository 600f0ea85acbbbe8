/// Failures of `drover pair-host`, each saying what to do next.
public enum PairHostError: Error, CustomStringConvertible, Equatable, Sendable {
    case system(String)
    /// `rerun` is the command that makes a new code, with the options this run was given.
    case interrupted(signal: Int32, rerun: String = "drover pair-host")
    case terminalTooSmall(needColumns: Int, needRows: Int, haveColumns: Int, haveRows: Int)

    public var description: String {
        switch self {
        case .system(let what):
            return "\(what); try again, and if it keeps failing, check the system's resources"
        case .interrupted(let signal, let rerun):
            return "stopped by signal \(signal); the one-time code was withdrawn and nothing was authorized. "
                + "Run '\(rerun)' again to pair"
        case .terminalTooSmall(let columns, let rows, let haveColumns, let haveRows):
            return "the pairing code needs a terminal of at least \(columns)x\(rows) characters (this one is "
                + "\(haveColumns)x\(haveRows)); enlarge the window or reduce the font size, then run the same 'drover pair-host' "
                + "command again (to pair a computer, add --link: it prints the link, which needs no room for the code)"
        }
    }
}
