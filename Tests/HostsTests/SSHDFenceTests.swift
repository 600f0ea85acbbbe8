import Foundation
import XCTest
import TestSupport
@testable import Hosts

/// The fenced unix attach line (ADR 0031) as text, and as each login shell parses it: it ends
/// by exec'ing the plain line's program with the same words, and a parent that is no sshd gets
/// no record. The record and kill rules: `SSHDFenceRecordTests`; on a real sshd:
/// `RemoteAttachCommandOverSSHTests`.
final class SSHDFenceTests: XCTestCase {
    private let fence = SSHDFence(name: "0123456789abcdef", token: "5eed", generation: 3, stopsRecorded: false)!

    func testTheLineRecordsThenExecsTheLoginShell() {
        let line = RemoteAttachCommand.herdr(platform: .unix, session: "work", terminal: .ghostty, fence: fence)
        XCTAssertTrue(line.hasPrefix("exec sh -c 'f=$HOME/.cache/drover-fence/0123456789abcdef; ident() { "), line)
        XCTAssertTrue(line.hasSuffix(#" } 2>/dev/null; exec env TERM_PROGRAM=ghostty "$SHELL" -lc "herdr session attach work"'"#),
                      line)
        XCTAssertTrue(line.contains(#"echo "5eed 3 $PPID $$ $i" >"$f""#), line)
        XCTAssertTrue(line.contains(#"[ -z "$HOME" ] || { "#), "no home, no fence: \(line)")
        XCTAssertFalse(line.contains("kill"), "only a reconnect with kept keys kills")
        let stopping = SSHDFence(name: "0123456789abcdef", token: "5eed", generation: 3, stopsRecorded: true)!
        let again = RemoteAttachCommand.herdr(platform: .unix, session: nil, fence: stopping)
        XCTAssertTrue(again.contains(#"read -r t g o c i <"$f" && [ "$t" = 5eed ] && [ "$g" -lt 3 ] && "#), again)
        XCTAssertTrue(again.contains(#"[ "$(st $o)" = T ] && [ "$(ident $o)" = "$i" ] && { [ "$(st $c)" = T ] || "#
                                     + #"case $i in "sshd "*|"sshd-session "*) kill -9 $o;; esac; }; "#), again)
        XCTAssertTrue(again.hasSuffix(#"exec "$SHELL" -lc "herdr"'"#), again)
        for text in [line, again] {
            let inside = text.dropFirst("exec sh -c '".count).dropLast()
            XCTAssertFalse(inside.contains("'") || text.contains("\\") || text.contains("!") || text.contains("\n"),
                           "one line any login shell passes to sh unchanged: \(text)")
        }
        XCTAssertEqual(RemoteAttachCommand.herdr(platform: .windows, session: "w", fence: fence), "herdr session attach w",
                       "Windows lines have no fence")
    }

    func testOnlyHexNamesAndTokensMakeAFence() {
        XCTAssertNil(SSHDFence(name: "a b", token: "1", generation: 1, stopsRecorded: false))
        XCTAssertNil(SSHDFence(name: "ab", token: "", generation: 1, stopsRecorded: false))
        XCTAssertNil(SSHDFence(name: "ab", token: "1;x", generation: 1, stopsRecorded: true))
    }

    /// sh, dash, bash, zsh and fish (csh is not installed here) as the login shell sshd runs the
    /// line with: the program exec'd gets `-lc` and the herdr line, with TERM_PROGRAM set; the
    /// parent here is no sshd, so nothing is recorded, and a stale record of this token does
    /// not make the fence kill a process that is not what it names.
    func testEveryLoginShellRunsTheLineAndRecordsNothingWithoutAnSSHD() throws {
        let dir = try TemporaryDirectory(prefix: "drover-fence")
        defer { dir.remove() }
        let printer = dir.file("printer")
        try "#!/bin/sh\nprintf '%s|' \"$TERM_PROGRAM\" \"$@\" > \"$HOME/argv\"\n"
            .write(toFile: printer, atomically: true, encoding: .utf8)
        chmod(printer, 0o755)
        let sleeper = Process()
        sleeper.executableURL = URL(fileURLWithPath: "/bin/sleep")
        sleeper.arguments = ["60"]
        try sleeper.run()
        defer { sleeper.terminate(); sleeper.waitUntilExit() }
        let stopping = SSHDFence(name: fence.name, token: fence.token, generation: 3, stopsRecorded: true)!
        let line = RemoteAttachCommand.herdr(platform: .unix, session: "s.1", terminal: .iTerm, fence: stopping)
        let shells = ["/bin/sh", "/bin/dash", "/bin/bash", "/usr/bin/zsh", "/usr/bin/fish"]
            .filter { FileManager.default.isExecutableFile(atPath: $0) }
        XCTAssertGreaterThanOrEqual(shells.count, 3)
        for shell in shells {
            let home = dir.file(URL(fileURLWithPath: shell).lastPathComponent)
            try FileManager.default.createDirectory(atPath: home + "/.cache/drover-fence", withIntermediateDirectories: true)
            // The token's record naming a live process with another start time: not killed.
            try "\(fence.token) 1 \(sleeper.processIdentifier) \(getpid()) sleep 1\n"
                .write(toFile: home + "/.cache/drover-fence/" + fence.name, atomically: true, encoding: .utf8)
            let result = try Shell.execute(shell, ["-c", line], environment: ["HOME": home, "SHELL": printer, "PATH": "/usr/bin:/bin"])
            XCTAssertEqual(result.status, 0, "\(shell): \(result.stderr)")
            XCTAssertEqual(result.stderr, "", "\(shell) says nothing")
            XCTAssertEqual(try String(contentsOfFile: home + "/argv", encoding: .utf8), "iTerm.app|-lc|herdr session attach s.1|",
                           shell)
            XCTAssertEqual(try String(contentsOfFile: home + "/.cache/drover-fence/" + fence.name, encoding: .utf8),
                           "\(fence.token) 1 \(sleeper.processIdentifier) \(getpid()) sleep 1\n", "\(shell): no sshd parent, no new record")
            XCTAssertTrue(sleeper.isRunning, "\(shell): a process whose start time differs is never killed")
        }
    }
}
