import LibC

/// A system call the event loop needs failed (creating its pipes, or poll itself).
public enum LoopError: Error, CustomStringConvertible, Equatable {
    /// `call` names the system call; `errno` is what it set.
    case system(call: String, errno: Int32)

    public var description: String {
        switch self {
        case let .system(call, code):
            return "\(call) failed: \(String(cString: strerror(code))). "
                + "The process may have run out of file descriptors: close other programs and try again."
        }
    }
}
