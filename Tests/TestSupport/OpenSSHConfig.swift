import Foundation

/// What OpenSSH's own reader makes of a config, the reference Drover's resolution of a name is
/// compared with (issue 28: Drover and ssh must never disagree about where a name leads).
public enum OpenSSHConfig {
    /// `ssh -G -F CONFIG NAME`'s value of `keyword` (lower case, as -G prints it); "" when none.
    public static func value(_ keyword: String, for name: String, config: String) throws -> String {
        let out = try Shell.run("/usr/bin/ssh", ["-G", "-F", config, name])
        return out.split(separator: "\n").first { $0.hasPrefix(keyword + " ") }.map { String($0.dropFirst(keyword.count + 1)) } ?? ""
    }
}
