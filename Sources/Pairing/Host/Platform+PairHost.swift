#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TextSafety
import Hosts

/// What `drover pair-host` needs to know about the computer's platform: where authorized_keys
/// lives and how the forced command is quoted. Only unix hosts can run pair-host today; a
/// Windows port fills in the `.windows` cases here and nowhere else.
extension Platform {
    /// `~/.ssh/authorized_keys` of the account running Drover.
    public func pairHostAuthorizedKeysPath(home: String) -> String { home + "/.ssh/authorized_keys" }

    /// The forced command: `<drover> pair-host --enroll=<id> --state=<dir>`, each path shell-quoted
    /// only when it needs it.
    public func pairHostForcedCommand(drover: String, id: String,
                                      stateDirectory: String) throws(PairHostPlatformError) -> String {
        guard self == .unix else { throw .unsupported(self) }
        for path in [drover, stateDirectory] where path.contains(where: { $0 == "\"" || $0 == "\\" || $0.isControlLike }) {
            throw .unquotablePath(path)
        }
        return "\(Self.shellWord(drover)) pair-host --enroll=\(id) --state=\(Self.shellWord(stateDirectory))"
    }

    /// `text` as one POSIX shell word: unchanged when made of safe characters, else single-quoted.
    static func shellWord(_ text: String) -> String {
        let safe = text.unicodeScalars.allSatisfy { scalar in
            (scalar.isASCIIAlphanumeric || "/._-+=:,@%".unicodeScalars.contains(scalar))
        }
        return safe && !text.isEmpty ? text : "'" + text.replacingLiterally("'", with: "'\\''") + "'"
    }
}

/// Why the forced command for pair-host cannot be written.
public enum PairHostPlatformError: Error, CustomStringConvertible, Equatable, Sendable {
    /// A path that cannot be placed in an authorized_keys `command="…"` option.
    case unquotablePath(String)
    /// The platform has no forced-command form yet.
    case unsupported(Platform)

    public var description: String {
        switch self {
        case .unquotablePath(let path):
            return "the path \(path) contains a double quote, backslash or control character, which cannot go into "
                + "authorized_keys; install drover and its state directory under a plain path, then try again"
        case .unsupported(let platform):
            return "drover pair-host cannot run on a \(platform.rawValue) computer yet; run it on a unix computer"
        }
    }
}

private extension Character {
    var isControlLike: Bool { unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F } }
}
