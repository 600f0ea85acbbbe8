import LibC
/// A file-system failure, worded for the person at the terminal.
public struct FileError: Error, CustomStringConvertible, Equatable, Sendable {
    public let path: String
    public let reason: String
    /// What to do next, in one sentence.
    public let advice: String

    public init(path: String, reason: String, advice: String) {
        self.path = path
        self.reason = reason
        self.advice = advice
    }

    public var description: String { "\(path): \(reason). \(advice)" }

    static func errno(_ path: String, _ what: String, _ code: Int32,
                      advice: String = "Check the path and its permissions, then try again.") -> FileError {
        FileError(path: path, reason: "\(what) failed: \(String(cString: strerror(code)))", advice: advice)
    }
}

