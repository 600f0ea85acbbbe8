import XCTest
@testable import Hosts

final class RemoteAttachCommandTests: XCTestCase {
    func testUnixDefaultSessionRunsHerdrThroughLoginShell() {
        let h = HostEntry(name: "a", hostname: "a", user: "u")
        XCTAssertEqual(h.attachCommand, #"exec "$SHELL" -lc 'herdr'"#)
    }

    func testUnixNamedSession() {
        let h = HostEntry(name: "a", hostname: "a", user: "u", session: "work")
        XCTAssertEqual(h.attachCommand, #"exec "$SHELL" -lc 'herdr session attach work'"#)
    }

    func testWindowsDefaultAndNamedSession() {
        XCTAssertEqual(HostEntry(name: "a", hostname: "a", user: "u", platform: .windows).attachCommand, "herdr")
        XCTAssertEqual(HostEntry(name: "a", hostname: "a", user: "u", platform: .windows, session: "w.1").attachCommand,
                       "herdr session attach w.1")
    }

    func testOverrideReplacesCommandVerbatimOnBothPlatforms() {
        let override = #"  cd ~/x && exec "$SHELL" -lc 'herdr'  "#
        for platform in Platform.allCases {
            let h = HostEntry(name: "a", hostname: "a", user: "u", platform: platform, session: "s", command: override)
            XCTAssertEqual(h.attachCommand, override)
        }
    }

    // ADR 0029: TERM_PROGRAM on the command line, in a form each platform's shells run.
    func testUnixCommandSetsTheTerminalThroughEnv() {
        XCTAssertEqual(RemoteAttachCommand.herdr(platform: .unix, session: nil, terminal: .ghostty),
                       #"exec env TERM_PROGRAM=ghostty "$SHELL" -lc 'herdr'"#)
        XCTAssertEqual(RemoteAttachCommand.herdr(platform: .unix, session: "work", terminal: .iTerm),
                       #"exec env TERM_PROGRAM=iTerm.app "$SHELL" -lc 'herdr session attach work'"#)
    }

    /// Until the shell is known, a Windows host's line is plain: cmd and PowerShell parse it alike.
    func testWindowsCommandStaysPlainWhileTheShellIsUnknown() {
        XCTAssertEqual(RemoteAttachCommand.herdr(platform: .windows, session: nil, terminal: .ghostty), "herdr")
        XCTAssertEqual(RemoteAttachCommand.herdr(platform: .windows, session: "w.1", terminal: .iTerm),
                       "herdr session attach w.1")
        XCTAssertEqual(RemoteAttachCommand.herdr(platform: .windows, session: nil, windowsShell: .cmd), "herdr",
                       "no terminal told: nothing to set")
    }

    /// ADR 0032. cmd: OpenSSH for Windows runs `"cmd.exe" /c LINE`; the line does not start with
    /// a quote, so /c keeps it whole; `set "NAME=VALUE"` ends the value at the closing quote, so
    /// no space before `&&` joins it.
    func testCmdLineSetsTheVariableWithQuotedSetAndAndAnd() throws {
        XCTAssertEqual(RemoteAttachCommand.herdr(platform: .windows, session: nil, terminal: .ghostty, windowsShell: .cmd),
                       #"@set "TERM_PROGRAM=ghostty"&& herdr"#)
        let line = RemoteAttachCommand.herdr(platform: .windows, session: "w.1", terminal: .iTerm, windowsShell: .cmd)
        XCTAssertEqual(line, #"@set "TERM_PROGRAM=iTerm.app"&& herdr session attach w.1"#)
        // Through a model of cmd: /c keeps a line that does not start with a quote; a leading `@`
        // only stops the echo; `&&` separates; `set "NAME=VALUE"` takes the text up to its last quote.
        let (name, value, rest) = try XCTUnwrap(Self.cmdSet(line))
        XCTAssertEqual([name, value, rest], ["TERM_PROGRAM", "iTerm.app", "herdr session attach w.1"], "no trailing space in the value")
        XCTAssertEqual(Self.cmdSet(#"set TERM_PROGRAM=ghostty && herdr"#)?.value, "ghostty ", "the unquoted form keeps the space")
    }

    /// cmd's `set "NAME=VALUE"&& REST`, as cmd reads it: nil when the line is not that form.
    private static func cmdSet(_ line: String) -> (name: String, value: String, rest: String)? {
        let line = line.hasPrefix("@") ? String(line.dropFirst()) : line
        guard line.hasPrefix("set "), let separator = line.range(of: "&&") else { return nil }
        var assignment = String(line[line.index(line.startIndex, offsetBy: 4)..<separator.lowerBound])
        if assignment.hasPrefix("\""), let last = assignment.lastIndex(of: "\"") {
            assignment = String(assignment[assignment.index(after: assignment.startIndex)..<last])
        }
        guard let equals = assignment.firstIndex(of: "=") else { return nil }
        return (String(assignment[..<equals]), String(assignment[assignment.index(after: equals)...]),
                line[separator.upperBound...].trimmingCharacters(in: .whitespaces))
    }

    /// CommandLineToArgvW's splitting: whitespace ends an argument outside double quotes; a
    /// quote toggles quoting and is dropped (`""` inside quotes is one quote); 2n backslashes
    /// before a quote are n, 2n+1 are n and a literal quote; other backslashes are as typed.
    static func windowsArgv(_ commandLine: String) -> [String] {
        var args: [String] = [], current = "", inQuotes = false, started = false, backslashes = 0
        var characters = Array(commandLine)[...]
        while let c = characters.popFirst() {
            if c == "\\" { backslashes += 1; started = true; continue }
            if c == "\"" {
                current += String(repeating: "\\", count: backslashes / 2)
                if backslashes % 2 == 1 {
                    current += "\""
                } else if inQuotes && characters.first == "\"" {
                    current += "\""
                    characters.removeFirst()
                } else {
                    inQuotes.toggle()
                }
                backslashes = 0
                started = true
                continue
            }
            current += String(repeating: "\\", count: backslashes)
            backslashes = 0
            if (c == " " || c == "\t") && !inQuotes {
                if started { args.append(current) }
                current = ""
                started = false
            } else {
                current.append(c)
                started = true
            }
        }
        current += String(repeating: "\\", count: backslashes)
        if started { args.append(current) }
        return args
    }

    /// ADR 0032. PowerShell: OpenSSH for Windows runs `"powershell.exe" -c LINE` as one Windows
    /// command line; its argument splitting removes double quotes but keeps single quotes and
    /// `;`, and -Command joins the words again with spaces. So: single quotes only, `;` to go on.
    func testPowerShellLineSetsEnvWithSingleQuotesOnly() {
        let line = RemoteAttachCommand.herdr(platform: .windows, session: "w.1", terminal: .ghostty, windowsShell: .powershell)
        XCTAssertEqual(line, "$env:TERM_PROGRAM='ghostty'; herdr session attach w.1")
        XCTAssertFalse(line.contains("\""), "no double quote for the command-line splitting to eat")
        // Win32-OpenSSH's command line with a PTY, split as CommandLineToArgvW splits, and the
        // words after -c joined with spaces as -Command does: the line PowerShell runs is the line.
        func runByPowerShell(_ line: String) -> String {
            Self.windowsArgv(#""C:\Windows\System32\WindowsPowerShell\v1.0\powershell.exe" -c "# + line)
                .dropFirst(2).joined(separator: " ")
        }
        XCTAssertEqual(Self.windowsArgv(#""C:\Program Files\p.exe" -c a"#), [#"C:\Program Files\p.exe"#, "-c", "a"])
        XCTAssertEqual(runByPowerShell(line), line)
        XCTAssertEqual(runByPowerShell(#"cmd /c "set TERM_PROGRAM=ghostty&& herdr""#), "cmd /c set TERM_PROGRAM=ghostty&& herdr",
                       "ADR 0029's line lost its quotes on the way")
        XCTAssertEqual(Self.windowsArgv(#"a \\"b c\" \\\"d"#), [#"a"#, #"\b c" \"d"#])
        // cmd's line as any PowerShell (5.1 or pwsh 7) gets it begins with `@set`: splatting where
        // a statement begins, a parse error (about_Splatting), so none of it runs and the attach
        // fails, and is re-probed, instead of running herdr without the variable.
        let cmdLine = RemoteAttachCommand.herdr(platform: .windows, session: "w.1", terminal: .ghostty, windowsShell: .cmd)
        XCTAssertEqual(runByPowerShell(cmdLine), "@set TERM_PROGRAM=ghostty&& herdr session attach w.1")
        XCTAssertEqual(RemoteAttachCommand.herdr(platform: .windows, session: nil, terminal: .iTerm, windowsShell: .powershell),
                       "$env:TERM_PROGRAM='iTerm.app'; herdr")
    }

    /// The unix line does not depend on a Windows shell.
    func testAWindowsShellDoesNotChangeTheUnixLine() {
        XCTAssertEqual(RemoteAttachCommand.herdr(platform: .unix, session: nil, terminal: .ghostty, windowsShell: .cmd),
                       #"exec env TERM_PROGRAM=ghostty "$SHELL" -lc 'herdr'"#)
    }

    func testTheAnnouncedTerminalIsTheLocalOneWhenHerdrKnowsItWithoutOtherEffects() {
        XCTAssertEqual(AnnouncedTerminal(localEnvironment: ["TERM_PROGRAM": "iTerm.app"]), .iTerm)
        XCTAssertEqual(AnnouncedTerminal(localEnvironment: ["TERM_PROGRAM": "ghostty"]), .ghostty)
        // WezTerm would also turn on herdr's modifyOtherKeys; kitty, xterm and none get ghostty.
        for environment in [["TERM_PROGRAM": "WezTerm"], ["KITTY_WINDOW_ID": "1", "TERM": "xterm-kitty"],
                            ["TERM": "xterm-256color"], [:]] {
            XCTAssertEqual(AnnouncedTerminal(localEnvironment: environment), .ghostty, "\(environment)")
        }
    }
}
