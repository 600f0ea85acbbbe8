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
}
