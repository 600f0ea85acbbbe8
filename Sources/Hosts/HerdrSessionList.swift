#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TextSafety

/// herdr's own list of a host's sessions: the command that asks for it (`herdr session list
/// --json`, from herdr's CLI, `src/cli/spec.rs`) and its answer,
/// `{"sessions":[{"name":"default","running":true,"default":true}, …]}` (other fields ignored).
public struct HerdrSessionList: Equatable, Sendable, Decodable {
    public struct Session: Equatable, Sendable, Decodable {
        public var name: String
        /// Whether its server runs (a stopped session keeps its name until deleted).
        public var running: Bool?
        /// herdr's default session (`herdr` without a session name attaches it).
        public var `default`: Bool?

        public init(name: String, running: Bool?, default isDefault: Bool?) {
            self.name = name
            self.running = running
            self.default = isDefault
        }
    }

    public var sessions: [Session]

    public init(sessions: [Session]) {
        self.sessions = sessions
    }

    /// Longest answer read; a list of sessions is a few hundred bytes.
    public static let maximumBytes = 1 << 20

    /// The command run on a host of `platform`: through a login shell on unix, as the attach
    /// command is (`RemoteAttachCommand`), so herdr is found on the same PATH.
    public static func command(platform: Platform) -> String {
        switch platform {
        case .unix: return "exec \"$SHELL\" -lc 'herdr session list --json'"
        case .windows: return "herdr session list --json"
        }
    }

    /// Longest session name shown; a hostile host's longer names are cut (with "…").
    public static let shownNameLength = 40

    /// `name` as it may be shown: escaped, and cut to `shownNameLength` characters.
    public static func shown(_ name: String) -> String {
        let cut = name.count > shownNameLength ? String(name.prefix(shownNameLength - 1)) + "…" : name
        return SafeText.escaped(cut)
    }

    /// herdr's JSON answer; nil when it is not one.
    public static func parse(_ bytes: [UInt8]) -> HerdrSessionList? {
        try? JSONDecoder().decode(HerdrSessionList.self, from: Data(bytes))
    }
}
