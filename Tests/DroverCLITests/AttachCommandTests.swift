import Foundation
import Sessions
import TestSupport
import XCTest
@testable import DroverCLI

/// `drover attach HOST...` argument handling (the session itself is tested end to end in
/// SessionsTests): every host is resolved before the terminal is taken over.
final class AttachCommandTests: XCTestCase {
    private var dir: TemporaryDirectory!
    /// HOME without ~/.ssh/config: a name the registry does not know and that does not resolve
    /// stays unknown (ADR 0027).
    private var env: [String: String] { ["DROVER_HOME": dir.file("drover"), "HOME": dir.file("home")] }

    override func setUpWithError() throws { dir = try TemporaryDirectory(prefix: "drover-attachcmd") }
    override func tearDown() { dir.remove() }

    /// `attach --help` prints the prefix keys from the one list, every key on its own line.
    func testHelpListsEveryPrefixKey() {
        let h = CLIHarness(environment: env)
        XCTAssertEqual(h.run("attach", "--help"), 0, h.err)
        let lines = h.out.split(separator: "\n").map(String.init)
        XCTAssertEqual(AttachController.keyHelpLines.count, 13, "d n p h o X r x [ v ?, Enter and the doubled prefix")
        for key in AttachController.keyHelpLines + AttachController.historyHelpLines {
            XCTAssertTrue(lines.contains("  " + key), "missing \(key) in\n\(h.out)")
        }
    }

    func testAnEmptyCopyCommandIsAUsageError() {
        let h = CLIHarness(environment: env)
        XCTAssertEqual(h.run("attach", "me@a", "--copy-command", " "), 2)
        XCTAssertTrue(h.err.contains("--copy-command needs a command"), h.err)
    }

    func testAttachWithoutAHostIsAUsageError() {
        let h = CLIHarness(environment: env)
        XCTAssertEqual(h.run("attach"), 2)
        XCTAssertTrue(h.err.contains("missing HOST"), h.err)
    }

    func testAHostNamedTwiceIsAUsageError() {
        let h = CLIHarness(environment: env)
        XCTAssertEqual(h.run("attach", "me@a", "me@b", "me@a"), 2)
        XCTAssertTrue(h.err.contains("'me@a' is named twice"), h.err)
    }

    func testAnUnknownHostAmongSeveralIsNamed() {
        let h = CLIHarness(environment: env)
        XCTAssertEqual(h.run("hosts", "add", "mac", "--host", "10.0.0.5"), 0, h.err)
        XCTAssertEqual(h.run("attach", "mac", "zz"), 1)
        XCTAssertTrue(h.err.contains("no host named 'zz'"), h.err)
    }

    /// Issue 9 items 3 and 13: `--session` is checked before the terminal is taken over.
    func testSessionOptionIsCheckedBeforeAttaching() {
        let setup = CLIHarness(environment: env)
        XCTAssertEqual(setup.run("hosts", "add", "mac", "ann@10.0.0.5", "--session", "work"), 0, setup.err)
        XCTAssertEqual(setup.run("hosts", "add", "mac-top", "ann@10.0.0.5", "--command", "top"), 0, setup.err)
        XCTAssertEqual(setup.run("hosts", "add", "pi", "pi@10.0.0.6"), 0, setup.err)
        let cases: [([String], Int32, String)] = [
            (["mac", "pi", "--session", "play"], 2, "--session applies to one HOST at a time"),
            (["mac", "--session", "-x"], 1, "session '-x' is not allowed"),
            (["mac", "--session=--help"], 1, "not starting with '-'"),
            (["mac-top", "--session", "play"], 1, "mac-top runs its own command"),
            (["ann@10.0.0.5"], 1, "ann@10.0.0.5 matches several registered hosts that connect to it directly ('mac', 'mac-top')"),
        ]
        for (args, status, message) in cases {
            let h = CLIHarness(environment: env)
            XCTAssertEqual(h.run(["attach"] + args), status, "\(args): \(h.err)")
            XCTAssertTrue(h.err.contains(message), "\(args): \(h.err)")
        }
        let show = CLIHarness(environment: env)
        XCTAssertEqual(show.run("hosts", "show", "mac"), 0)
        XCTAssertTrue(show.out.contains("session:   work\n"), "the entry is never edited: \(show.out)")
    }

    func testHelpShowsSeveralHostsAndTheSwitchingKeys() {
        let h = CLIHarness(environment: env)
        XCTAssertEqual(h.run("help", "attach"), 0)
        XCTAssertTrue(h.out.contains("attach HOST... [--session S]"), h.out)
        XCTAssertTrue(h.out.contains("ctrl+] n ") && h.out.contains("ctrl+] p "), h.out)
        XCTAssertTrue(h.out.contains("ctrl+] h"), h.out)
        XCTAssertTrue(h.out.contains("'drover replay FILE.cast --play' plays it back"), h.out)
    }
}
