#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TextSafety

/// What `drover key install` runs on a Windows host (ADR 0032): one PowerShell script, handed
/// to Windows PowerShell as `-EncodedCommand` (base64 of its UTF-16LE text), so the line has no
/// quotes or separators and reads the same whether the host's sshd runs it through cmd,
/// powershell or pwsh (its DefaultShell). powershell.exe is on every Windows that has OpenSSH.
///
/// The script does what OpenSSH for Windows reads: for an account in the Administrators group
/// (S-1-5-32-544, the default sshd_config's `Match Group administrators`, also when UAC filters
/// the token: `whoami /groups` lists it) the key goes to
/// %ProgramData%\ssh\administrators_authorized_keys, whose ACL must then allow only
/// Administrators and SYSTEM (sshd ignores the file otherwise), set with icacls by SID (group
/// names are translated on a localised Windows); for any other account to
/// %USERPROFILE%\.ssh\authorized_keys. It never adds a key that is there already and puts a
/// line break first when the file's last line has none. It prints `added administrators`,
/// `added user`, `present administrators` or `present user`.
enum KeyInstallWindowsScript {
    /// Where the key went, by the script's last word.
    static func file(for place: Substring) -> String {
        switch place {
        case "administrators": return #"%ProgramData%\ssh\administrators_authorized_keys"#
        case "user": return #"%USERPROFILE%\.ssh\authorized_keys"#
        default: return "the account's authorized_keys file"
        }
    }

    /// The command line for `line` (the device key's `TYPE BASE64 COMMENT`).
    static func command(for line: String) -> String {
        var utf16 = Data()
        for unit in script(for: line).utf16 { utf16.append(contentsOf: [UInt8(unit & 0xff), UInt8(unit >> 8)]) }
        return "powershell.exe -NoProfile -NonInteractive -EncodedCommand " + utf16.base64EncodedString()
    }

    /// The PowerShell script itself (tested as text; the command line carries it encoded).
    static func script(for line: String) -> String {
        let key = line.split(separator: " ").prefix(2).joined(separator: " ")
        let body = [
            "$line = \(quoted(line))",
            "$key = \(quoted(key))",
            "$admin = [bool]((whoami.exe /groups) -match 'S-1-5-32-544')",
            "if ($admin) { $dir = Join-Path $env:ProgramData 'ssh'; $file = Join-Path $dir 'administrators_authorized_keys'; $where = 'administrators' }",
            "else { $dir = Join-Path $env:USERPROFILE '.ssh'; $file = Join-Path $dir 'authorized_keys'; $where = 'user' }",
            "if (-not (Test-Path -LiteralPath $dir)) { New-Item -ItemType Directory -Path $dir | Out-Null }",
            "$text = ''",
            "if (Test-Path -LiteralPath $file) { $text = [IO.File]::ReadAllText($file) }",
            "if ($text.Contains($key)) { \"present $where\"; exit 0 }",
            "$before = ''",
            "if ($text.Length -gt 0 -and -not $text.EndsWith(\"`n\")) { $before = \"`r`n\" }",
            "[IO.File]::AppendAllText($file, $before + $line + \"`r`n\")",
            "if ($admin) { icacls.exe $file /inheritance:r /grant '*S-1-5-32-544:F' /grant '*S-1-5-18:F' | Out-Null; if ($LASTEXITCODE -ne 0) { exit 5 } }",
            "\"added $where\"",
        ]
        // No progress records (without a console they come out as CLIXML on stderr); an error
        // is written as its one-line message, not PowerShell's serialized error record.
        return (["$ProgressPreference = 'SilentlyContinue'", "$ErrorActionPreference = 'Stop'", "try {"]
                + body.map { "  " + $0 }
                + ["} catch { [Console]::Error.WriteLine($_.Exception.Message); exit 1 }"]).joined(separator: "\n")
    }

    /// `text` as a PowerShell single-quoted string (a quote inside is doubled).
    static func quoted(_ text: String) -> String { "'" + text.replacingLiterally("'", with: "''") + "'" }
}
