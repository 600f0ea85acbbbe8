/// The command the SSH channel runs on a host to attach herdr, per platform. (Not the CLI's
/// `drover attach`, which is `DroverCLI.AttachCommand`.)
///
/// Unix runs herdr through a login shell so PATH entries from Homebrew or installers are
/// found; Windows OpenSSH already has the registry PATH and the string works under cmd and
/// PowerShell. Session names are validated (`HostRules.checkSession`), never quoted.
///
/// With `terminal`, herdr runs with `TERM_PROGRAM` set to it (ADR 0029), on the command line
/// because sshd's `AcceptEnv` rarely lets it through: unix through `env` (a utility, so it
/// works from sh, bash, zsh, fish and csh alike), Windows through `cmd /c "set X=Y&& …"`,
/// which cmd and PowerShell both run the same way (no space before `&&`: cmd would keep it).
public enum RemoteAttachCommand {
    public static func herdr(platform: Platform, session: String?, terminal: AnnouncedTerminal? = nil) -> String {
        let herdr = session.map { "herdr session attach \($0)" } ?? "herdr"
        switch platform {
        case .unix:
            let env = terminal.map { "env TERM_PROGRAM=\($0.rawValue) " } ?? ""
            return "exec \(env)\"$SHELL\" -lc '\(herdr)'"
        case .windows:
            guard let terminal else { return herdr }
            return "cmd /c \"set TERM_PROGRAM=\(terminal.rawValue)&& \(herdr)\""
        }
    }
}
