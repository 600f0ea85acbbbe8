import LibC
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The directory holding all of Drover's files: `$DROVER_HOME`, else
/// `$XDG_CONFIG_HOME/drover`, else `~/.config/drover`. Created 0700 on demand; an existing
/// one is checked, not trusted (see `FileSafety`).
public struct DroverRoot: Sendable, Equatable {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    public init(environment: [String: String]) {
        if let home = environment["DROVER_HOME"], !home.isEmpty {
            path = home
        } else if let xdg = environment["XDG_CONFIG_HOME"], !xdg.isEmpty {
            path = xdg + "/drover"
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? FileManager.default.homeDirectoryForCurrentUser.path
            path = home + "/.config/drover"
        }
    }

    /// The path of a file inside the root.
    public func file(_ name: String) -> String { path + "/" + name }

    /// Creates the root (and parents) with mode 0700 if missing; refuses an existing root that
    /// another user owns or may write.
    public func ensureExists() throws {
        try Directory.ensurePrivate(path)
    }
}
