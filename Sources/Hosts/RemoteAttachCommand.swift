/// The command the SSH channel runs on a host to attach herdr, per platform. (Not the CLI's
/// `drover attach`, which is `DroverCLI.AttachCommand`.)
///
/// Unix runs herdr through a login shell so PATH entries from Homebrew or installers are
/// found; Windows OpenSSH already has the registry PATH. Session names are validated
/// (`HostRules.checkSession`: letters, digits, `._-`), never quoted.
///
/// With `terminal`, herdr runs with `TERM_PROGRAM` set to it (ADR 0029), on the command line
/// because sshd's `AcceptEnv` rarely lets it through: unix through `env` (a utility, so it
/// works from sh, bash, zsh, fish and csh alike). A Windows host's line depends on the shell
/// its sshd runs it through (ADR 0032): OpenSSH for Windows starts `"SHELL" /c LINE` (cmd) or
/// `"SHELL" -c LINE` (PowerShell) as one Windows command line, so
/// - cmd: `@set "TERM_PROGRAM=ghostty"&& herdr …`: the quotes end the value before `&&` (no
///   trailing space), and the line does not start with a quote, so `/c` keeps it as it is; the
///   `@` (cmd: do not echo) makes it a parse error in every PowerShell (`@set` is splatting,
///   allowed only as an argument), so a host that moved to PowerShell 7, where `set X&& herdr`
///   would run herdr without the variable, fails and is re-probed;
/// - PowerShell: `$env:TERM_PROGRAM='ghostty'; herdr …`: no double quotes (the command line's
///   own splitting would eat them); PowerShell joins the words after `-c` with spaces again.
/// An unknown Windows shell gets plain `herdr …`, which both parse the same.
///
/// With `fence`, a unix line first records (and, on a reconnect with kept keys, kills) the
/// sshd of the connection (`SSHDFence`, ADR 0031), inside `sh -c '…'`, where the login shell's
/// line is double-quoted instead. Windows lines have no fence.
public enum RemoteAttachCommand {
    public static func herdr(platform: Platform, session: String?, terminal: AnnouncedTerminal? = nil,
                             windowsShell: WindowsShell? = nil, fence: SSHDFence? = nil) -> String {
        let herdr = session.map { "herdr session attach \($0)" } ?? "herdr"
        switch platform {
        case .unix:
            let env = terminal.map { "env TERM_PROGRAM=\($0.rawValue) " } ?? ""
            if let fence { return fence.line(execing: "\(env)\"$SHELL\" -lc \"\(herdr)\"") }
            return "exec \(env)\"$SHELL\" -lc '\(herdr)'"
        case .windows:
            guard let terminal, let windowsShell else { return herdr }
            switch windowsShell {
            case .cmd: return "@set \"TERM_PROGRAM=\(terminal.rawValue)\"&& \(herdr)"
            case .powershell: return "$env:TERM_PROGRAM='\(terminal.rawValue)'; \(herdr)"
            }
        }
    }
}
