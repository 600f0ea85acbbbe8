#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Files
import LibC

/// Which files `ssh -G` reads for Drover, so it reads what `ssh NAME` reads under Drover's
/// `$HOME`: the user's `~/.ssh/config`, then the system's `/etc/ssh/ssh_config` (ssh's own
/// order; the system file includes `ssh_config.d`). ssh finds `~` in the password database,
/// not in `$HOME`, and `-F FILE` makes it read FILE alone, so (ADR 0027):
/// - when `$HOME` is the account's home, ssh is given no `-F` and reads both itself;
/// - otherwise it is given a private generated file (0600 in a 0700 directory, removed after)
///   that includes `$HOME/.ssh/config`, then the system file.
struct SSHConfigSources {
    /// Drover's home (`$HOME`).
    let home: String
    /// The account's home from the password database, the one ssh uses.
    let accountHome: String?
    /// The system-wide config ssh reads after the user's.
    static let systemConfig = "/etc/ssh/ssh_config"

    init(home: String, accountHome: String? = Self.passwordDatabaseHome()) {
        self.home = home
        self.accountHome = accountHome
    }

    var userConfig: String { home + "/.ssh/config" }

    /// Whether ssh, given no `-F`, reads `userConfig` itself.
    var sshReadsUserConfig: Bool {
        guard let accountHome else { return false }
        return Self.standardized(accountHome) == Self.standardized(home)
    }

    /// Runs `body` with the arguments that make ssh read both files (before `-G`); a generated
    /// file is removed once `body` returns.
    func withArguments<T>(_ body: ([String]) throws -> T) throws -> T {
        if sshReadsUserConfig { return try body([]) }
        let directory = Self.temporaryDirectory() + "/drover-ssh-config-" + UUID().uuidString
        let file = directory + "/config"
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false,
                                                    attributes: [.posixPermissions: 0o700])
            let text = "Include \(Self.quoted(userConfig))\nInclude \(Self.systemConfig)\n"
            guard FileManager.default.createFile(atPath: file, contents: Data(text.utf8),
                                                 attributes: [.posixPermissions: 0o600]) else {
                throw CocoaError(.fileWriteUnknown)
            }
        } catch {
            try? FileManager.default.removeItem(atPath: directory)
            throw SSHConfigLookupError(text: "could not write the small config file that makes ssh -G read \(userConfig) "
                                       + "and \(Self.systemConfig) in \(Self.temporaryDirectory()) (\(error)); "
                                       + "make that directory writable (or set TMPDIR) and try again")
        }
        defer { try? FileManager.default.removeItem(atPath: directory) }
        return try body(["-F", file])
    }

    /// A command the person can run to see what ssh says of `name`, reading the same user config;
    /// nil when there is none: ssh reads another home's config unless given `-F`, and `-F` names a
    /// file that must exist (ssh stops at a missing one), so without `$HOME/.ssh/config` no
    /// command shows what Drover read. Quoted for a shell.
    func showCommand(for name: String) -> String? {
        if sshReadsUserConfig { return "ssh -G \(FileSafety.shellQuoted(name))" }
        guard FileManager.default.fileExists(atPath: userConfig) else { return nil }
        return "ssh -F \(FileSafety.shellQuoted(userConfig)) -G \(FileSafety.shellQuoted(name))"
    }

    /// `path` quoted for ssh_config and a shell when it has a space.
    private static func quoted(_ path: String) -> String {
        path.contains(where: { $0 == " " || $0 == "\t" }) ? "\"\(path)\"" : path
    }

    /// `path` with its symbolic links resolved (plain, as far as it exists).
    private static func standardized(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return PathText.standardized(path) }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Where the generated file goes, as `NSTemporaryDirectory()` said: `$TMPDIR` (with a
    /// trailing slash), else `/tmp/`.
    private static func temporaryDirectory() -> String {
        guard let directory = ProcessInfo.processInfo.environment["TMPDIR"], !directory.isEmpty else { return "/tmp/" }
        return directory.hasSuffix("/") ? directory : directory + "/"
    }

    private static func passwordDatabaseHome() -> String? {
        guard let entry = getpwuid(getuid()), let dir = entry.pointee.pw_dir else { return nil }
        let home = String(cString: dir)
        return home.isEmpty ? nil : home
    }
}
