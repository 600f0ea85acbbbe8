import Foundation
import XCTest
import TestSupport

/// `scripts/herdr-standin`: installs as `herdr`, records argv unambiguously, refuses what it
/// does not know.
final class HerdrStandinTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var herdr: String { dir.file("bin/herdr") }
    private var log: String { dir.file("argv.log") }

    static var script: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scripts/herdr-standin").path
    }

    override func setUpWithError() throws {
        dir = try TemporaryDirectory(prefix: "drover-standin")
        let out = try Shell.run(Self.script, ["install", dir.file("bin")])
        XCTAssertEqual(out, "installed \(herdr) -> \(Self.script)\n")
    }

    override func tearDown() { dir.remove() }

    private func run(_ args: [String]) throws -> Shell.Result {
        try Shell.execute(herdr, args, environment: ["HERDR_STANDIN_LOG": log, "HERDR_STANDIN_RECORD_ONLY": "1"])
    }

    func testRecordsEachInvocationOnOneLineWithQuotedArguments() throws {
        XCTAssertEqual(try run([]).status, 0)
        XCTAssertEqual(try run(["session", "attach", "it's a $name"]).status, 0)
        XCTAssertEqual(try String(contentsOfFile: log, encoding: .utf8),
                       "herdr\nherdr 'session' 'attach' 'it'\\''s a $name'\n")
    }

    func testQuotedLineReadsBackAsTheSameArgumentsInSh() throws {
        XCTAssertEqual(try run(["session", "attach", "a 'b' \"c\" \\d"]).status, 0)
        let line = try String(contentsOfFile: log, encoding: .utf8).dropLast()
        let echoed = try Shell.run("/bin/sh", ["-c", "for a in \(line.dropFirst("herdr ".count)); do printf '<%s>' \"$a\"; done"])
        XCTAssertEqual(echoed, "<session><attach><a 'b' \"c\" \\d>")
    }

    func testUnknownArgumentsAreRefusedAfterBeingRecorded() throws {
        for args in [["attach"], ["session", "list", "x"], ["session", "attach"]] {
            let r = try run(args)
            XCTAssertEqual(r.status, 2, "\(args)")
            XCTAssertTrue(r.stderr.contains("herdr stand-in: unsupported arguments"), r.stderr)
        }
        XCTAssertEqual(try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").count, 3)
    }

    /// Issue 27's list of what herdr's client sets, in herdr's order (terminal_setup.rs: the
    /// kitty push, the mouse, bracketed paste and focus, colour-scheme reports; then the
    /// queries; then what each frame uses).
    static let herdrModes = [
        "kitty-keyboard", "mouse-any-motion", "mouse-sgr", "bracketed-paste", "focus-events",
        "colour-scheme-reports", "query-foreground", "query-background", "query-palette", "query-cell-size",
        "synchronized-update", "cursor-shape", "undercurl", "hyperlink", "clipboard-bel",
    ]

    func testTheModeListIsHerdrsAndTheBytesSetExactlyThose() throws {
        let listed = try Shell.execute(herdr, ["standin", "modes"])
        XCTAssertEqual(listed.stdout.split(separator: "\n").map(String.init), Self.herdrModes)
        let bytes = try Shell.execute(herdr, ["standin", "emit-modes"]).stdout
        let e = "\u{1B}"
        XCTAssertEqual(bytes, "\(e)[>7u\(e)[?1003h\(e)[?1006h\(e)[?2004h\(e)[?1004h\(e)[?2031h"
                       + "\(e)[?2026h\(e)[6 q\(e)[4:3m\(e)]8;;https://herdr.dev/\(e)\\\(e)]8;;\(e)\\\(e)[0m\(e)[?2026l")
        let script = try String(contentsOfFile: Self.script, encoding: .utf8)
        XCTAssertTrue(script.contains(#"$esc]10;?$st$esc]11;?$st$esc]4;1;?$st$esc[16t$esc[c"#),
                      "the colour and cell-size queries, DA1 last to end the answers")
    }

    func testSessionListAnswersAsHerdrDoes() throws {
        let socket = "herdr-standin-list-\(UInt32.random(in: 0...UInt32.max))"
        defer { _ = try? Shell.execute("/usr/bin/tmux", ["-L", socket, "kill-server"]) }
        let env = ["HERDR_STANDIN_SOCKET": socket]
        XCTAssertEqual(try Shell.execute(herdr, ["session", "list", "--json"], environment: env).stdout, "{\"sessions\":[]}\n")
        try Shell.run("/usr/bin/tmux", ["-L", socket, "-f", "/dev/null", "new-session", "-d", "-s", "default"])
        try Shell.run("/usr/bin/tmux", ["-L", socket, "new-session", "-d", "-s", "work"])
        XCTAssertEqual(try Shell.execute(herdr, ["session", "list", "--json"], environment: env).stdout,
                       #"{"sessions":[{"name":"default","running":true,"default":true},{"name":"work","running":true,"default":false}]}"# + "\n")
        XCTAssertEqual(try Shell.execute(herdr, ["session", "list"], environment: env).stdout, "default\trunning\nwork\trunning\n")
    }
}
