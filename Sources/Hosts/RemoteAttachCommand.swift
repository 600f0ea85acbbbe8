/// The command the SSH channel runs on a host to attach herdr, per platform. (Not the CLI's
/// `drover attach`, which is `DroverCLI.AttachCommand`.)
///
/// Unix runs herdr through a login shell so PATH entries from Homebrew or installers are
/// found; Windows OpenSSH already has the registry PATH and the string works under cmd and
/// PowerShell. Session names are validated (`HostRules.checkSession`), never quoted.
public enum RemoteAttachCommand {
    public static func herdr(platform: Platform, session: String?) -> String {
        let herdr = session.map { "herdr session attach \($0)" } ?? "herdr"
        switch platform {
        case .unix: return "exec \"$SHELL\" -lc '\(herdr)'"
        case .windows: return herdr
        }
    }
}
