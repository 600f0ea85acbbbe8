import TextSafety
import Hosts

/// Remote paths as the host's shell reads them back as one word each: POSIX single quotes for
/// unix hosts (a `'` inside becomes `'\''`), PowerShell single quotes for Windows hosts (a
/// quote inside, including the typographic ones PowerShell also takes as quotes, is doubled).
public enum PasteQuoting {
    public static func quote(_ path: String, for platform: Platform) -> String {
        switch platform {
        case .unix: return posix(path)
        case .windows: return powerShell(windowsPath(path))
        }
    }

    /// Several paths, separated by spaces, the way a terminal pastes several dropped files.
    public static func quote(_ paths: [String], for platform: Platform) -> String {
        paths.map { quote($0, for: platform) }.joined(separator: " ")
    }

    public static func posix(_ text: String) -> String {
        "'" + text.replacingLiterally("'", with: "'\\''") + "'"
    }

    public static func powerShell(_ text: String) -> String {
        var quoted = "'"
        for scalar in text.unicodeScalars {
            quoted.unicodeScalars.append(scalar)
            // ' and the single quotation marks U+2018...U+201B end a PowerShell string unless doubled.
            if scalar == "'" || (0x2018...0x201B).contains(scalar.value) { quoted.unicodeScalars.append(scalar) }
        }
        return quoted + "'"
    }

    /// Windows' SFTP server spells `C:\Users\ann` as `/C:/Users/ann`; PowerShell wants the former.
    public static func windowsPath(_ path: String) -> String {
        var text = Substring(path)
        let scalars = Array(text.unicodeScalars.prefix(3))
        if scalars.count == 3, scalars[0] == "/", scalars[2] == ":",
           (65...90).contains(scalars[1].value) || (97...122).contains(scalars[1].value) {
            text = text.dropFirst()
        }
        return text.replacingLiterally("/", with: "\\")
    }
}
