import Foundation

/// Everything about the computer's platform that the host side needs: where authorized_keys
/// lives and how the forced command is quoted. Unix only for now; a Windows port adds a case
/// here and nowhere else.
public enum HostPlatform: Sendable {
    case unix

    /// A path that cannot be placed in an authorized_keys `command="…"` option.
    public struct UnquotablePath: Error, CustomStringConvertible, Sendable {
        public let path: String
        public var description: String {
            "the path \(path) contains a double quote, backslash or control character, which cannot go into "
                + "authorized_keys; install drover and its state directory under a plain path, then try again"
        }
    }

    /// The platform's value for the link's `os` field.
    public var linkPlatform: PairingLink.Platform { .unix }

    /// `~/.ssh/authorized_keys` of the account running Drover.
    public func defaultAuthorizedKeysPath(home: String) -> String { home + "/.ssh/authorized_keys" }

    /// The forced command: `<drover> pair-host --enroll=<id> --state=<dir>`, each path shell-quoted
    /// only when it needs it.
    public func forcedCommand(drover: String, id: String, stateDirectory: String) throws -> String {
        for path in [drover, stateDirectory] where path.contains(where: { $0 == "\"" || $0 == "\\" || $0.isControlLike }) {
            throw UnquotablePath(path: path)
        }
        return "\(shellWord(drover)) pair-host --enroll=\(id) --state=\(shellWord(stateDirectory))"
    }

    /// `text` as one POSIX shell word: unchanged when made of safe characters, else single-quoted.
    func shellWord(_ text: String) -> String {
        let safe = text.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "/._-+=:,@%".unicodeScalars.contains(scalar))
        }
        return safe && !text.isEmpty ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

private extension Character {
    var isControlLike: Bool { unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F } }
}
