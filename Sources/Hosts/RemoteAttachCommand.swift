/// The command the SSH channel runs on a host to attach herdr, per platform. (Not the CLI's
/// `drover attach`, which is `DroverCLI.AttachCommand`.)
///
/// Unix runs herdr through a login shell so PATH entries from Homebrew or installers are
/// found; Windows OpenSSH already has the registry PATH, and plain `herdr …` parses the same under
/// cmd and PowerShell, whichever is the host's DefaultShell. Session names are validated
/// (`HostRules.checkSession`), never quoted.
///
/// With `terminal`, herdr runs with `TERM_PROGRAM` set to it (ADR 0029), on the command line
/// because sshd's `AcceptEnv` rarely lets it through: unix through `env` (a utility, so it
/// works from sh, bash, zsh, fish and csh alike). Windows gets no variable: sshd hands the line
/// to the DefaultShell, and no one string sets a variable for the next command under both cmd
/// and PowerShell (`cmd /c "set X=Y&& …"` loses its quotes in PowerShell's -Command), so until
/// Drover knows the host's shell a Windows host's alerts stay there (ADR 0029).
public enum RemoteAttachCommand {
    public static func herdr(platform: Platform, session: String?, terminal: AnnouncedTerminal? = nil) -> String {
        let herdr = session.map { "herdr session attach \($0)" } ?? "herdr"
        switch platform {
        case .unix:
            let env = terminal.map { "env TERM_PROGRAM=\($0.rawValue) " } ?? ""
            return "exec \(env)\"$SHELL\" -lc '\(herdr)'"
        case .windows:
            return herdr
        }
    }
}
