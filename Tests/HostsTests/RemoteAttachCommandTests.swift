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

    /// No one line sets a variable under both cmd and PowerShell (ADR 0029): Windows stays plain.
    func testWindowsCommandStaysPlainWhateverTheTerminal() {
        XCTAssertEqual(RemoteAttachCommand.herdr(platform: .windows, session: nil, terminal: .ghostty), "herdr")
        XCTAssertEqual(RemoteAttachCommand.herdr(platform: .windows, session: "w.1", terminal: .iTerm),
                       "herdr session attach w.1")
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
