/// The shell OpenSSH for Windows runs a command through (its `DefaultShell`: cmd.exe unless
/// HKLM\SOFTWARE\OpenSSH says powershell.exe or pwsh.exe), which decides how the attach line
/// must be written (ADR 0032). The raw values are the `hosts.json` and `--windows-shell` values.
public enum WindowsShell: String, Codable, Sendable, CaseIterable {
    case cmd
    /// Windows PowerShell 5.1 (`powershell.exe`) and PowerShell 7 (`pwsh.exe`): one syntax
    /// for everything Drover sends.
    case powershell

    /// The line Drover execs (no PTY) to learn the shell. Harmless in every shell: it only
    /// prints one line. cmd expands `%OS%` and leaves `$env:OS` alone; PowerShell leaves
    /// `%OS%` alone and expands `$env:OS` inside the bare word; a POSIX shell (bash, Cygwin)
    /// expands `$env` to nothing, which is neither.
    public static let probe = "echo drover-shell:%OS%:$env:OS"

    /// The shell that printed `output` in answer to `probe`, or nil when no line of it is a
    /// cmd or PowerShell answer (another shell, a wrapper that printed something else).
    public init?(probeOutput output: String) {
        for line in output.split(whereSeparator: \.isNewline) {
            guard line.hasPrefix("drover-shell:") else { continue }
            let rest = line.dropFirst("drover-shell:".count)
            if rest.hasSuffix(":$env:OS"), !rest.hasPrefix("%OS%:") {
                self = .cmd
                return
            }
            if rest.hasPrefix("%OS%:") {
                let value = rest.dropFirst("%OS%:".count)
                if !value.isEmpty, !value.contains(":"), !value.contains("$") {
                    self = .powershell
                    return
                }
            }
        }
        return nil
    }
}
