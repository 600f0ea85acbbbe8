#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TextSafety

/// An entry of hosts.json that is well-formed but breaks a field rule, typically one an older
/// Drover accepted (a session starting with '-'). It is kept aside rather than refusing the whole
/// registry: the other hosts keep working, this one is shown with its problem and the fix, and
/// its bytes are written back exactly as read until it is edited or removed.
public struct InvalidHostEntry: Equatable, Sendable {
    /// The fields as read; `entry.validate()` throws `problem`.
    public let entry: HostEntry
    public let problem: HostValidationError
    /// The entry's JSON object exactly as it was in the file.
    public let raw: Data
    /// How many valid hosts came before it in the file, so a write puts it back in its place.
    public internal(set) var position: Int

    public var name: String { entry.name }

    public init(entry: HostEntry, problem: HostValidationError, raw: Data, position: Int) {
        self.entry = entry
        self.problem = problem
        self.raw = raw
        self.position = position
    }

    /// The commands that make the entry usable again (each works as shown), as a phrase after
    /// "fix it with".
    public var fix: String {
        let name = Self.shellWord(entry.name)
        // A name that could be read as an option goes after `--`, where only names are.
        let plain = !entry.name.hasPrefix("-") && name == entry.name
        let edit: (String) -> String = { plain ? "'drover hosts edit \(name) \($0)'" : "'drover hosts edit \($0) -- \(name)'" }
        let remove = plain ? "'drover hosts rm \(name)'" : "'drover hosts rm -- \(name)'"
        let change: String
        switch problem.field {
        case "session": change = "\(edit("--session S")) or \(edit("--no-session"))"
        case "command": change = "\(edit("--command CMD")) or \(edit("--no-command"))"
        case "hostname": change = edit("--host H")
        case "port": change = edit("--port P")
        case "user": change = edit("--user U")
        case "auth": change = edit("--auth device-key,agent,password")
        case "forward": change = "\(edit("--forward 127.0.0.1:LPORT:HOST:RPORT")) or \(edit("--forward-public"))"
        case "legacyAlgorithms": change = "\(edit("--legacy-algorithms NAME[,NAME...]")) or \(edit("--no-legacy-algorithms"))"
        default: change = edit("--rename NEW")
        }
        return "\(change), or remove it with \(remove)"
    }

    /// `name` as one shell word: as it is when it needs no quoting, else in single quotes
    /// (control characters shown as escapes, so the advice never reaches a terminal raw).
    static func shellWord(_ name: String) -> String {
        if !name.isEmpty, name.utf8.allSatisfy(HostRules.isNameByte) { return name }
        return "'" + SafeText.escaped(name).replacingLiterally("'", with: #"'\''"#) + "'"
    }
}
