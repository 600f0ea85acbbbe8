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
    func testCmdLineSetsTheVariableWithQuotedSetAndAndAnd() {
        XCTAssertEqual(RemoteAttachCommand.herdr(platform: .windows, session: nil, terminal: .ghostty, windowsShell: .cmd),
                       #"set "TERM_PROGRAM=ghostty"&& herdr"#)
        XCTAssertEqual(RemoteAttachCommand.herdr(platform: .windows, session: "w.1", terminal: .iTerm, windowsShell: .cmd),
                       #"set "TERM_PROGRAM=iTerm.app"&& herdr session attach w.1"#)
    }

    /// ADR 0032. PowerShell: OpenSSH for Windows runs `"powershell.exe" -c LINE` as one Windows
    /// command line; its argument splitting removes double quotes but keeps single quotes and
    /// `;`, and -Command joins the words again with spaces. So: single quotes only, `;` to go on.
    func testPowerShellLineSetsEnvWithSingleQuotesOnly() {
        let line = RemoteAttachCommand.herdr(platform: .windows, session: "w.1", terminal: .ghostty, windowsShell: .powershell)
        XCTAssertEqual(line, "$env:TERM_PROGRAM='ghostty'; herdr session attach w.1")
        XCTAssertFalse(line.contains("\""), "no double quote for the command-line splitting to eat")
        // Split as CommandLineToArgvW splits (spaces; no quotes here), then joined as -Command does.
        XCTAssertEqual(line.split(separator: " ").joined(separator: " "), line)
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
