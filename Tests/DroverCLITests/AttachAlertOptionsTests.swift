import Foundation
import TestSupport
import XCTest
@testable import DroverCLI

/// `--clipboard`, `--notify` and `--record` on the command line (their effect is tested end to
/// end in SessionsTests.AttachClipboardBellTests).
final class AttachAlertOptionsTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var env: [String: String] { ["DROVER_HOME": dir.file("drover")] }

    override func setUpWithError() throws { dir = try TemporaryDirectory(prefix: "drover-signalopts") }
    override func tearDown() { dir.remove() }

    func testAClipboardPolicyOtherThanWriteOrOffIsAUsageError() {
        let h = CLIHarness(environment: env)
        XCTAssertEqual(h.run("hosts", "add", "mac", "--host", "10.0.0.5"), 0, h.err)
        XCTAssertEqual(h.run("attach", "mac", "--clipboard", "read"), 2)
        XCTAssertTrue(h.err.contains("--clipboard takes write or off, not 'read'"), h.err)
        XCTAssertEqual(h.run("hosts", "edit", "mac", "--clipboard", "yes"), 2)
        XCTAssertTrue(h.err.contains("--clipboard takes write or off, not 'yes'"), h.err)
    }

    func testABadHistoryBudgetIsAUsageErrorNamingTheVariable() {
        let setup = CLIHarness(environment: env)
        XCTAssertEqual(setup.run("hosts", "add", "mac", "--host", "10.0.0.5"), 0, setup.err)
        for bad in ["", "48M", "-5", "1e6", " 100", "99999999999999999999"] {
            let h = CLIHarness(environment: env.merging(["DROVER_HISTORY_BUDGET": bad]) { $1 })
            XCTAssertEqual(h.run("attach", "mac", "--record", dir.file("never.cast")), 2, bad)
            XCTAssertTrue(h.err.contains("DROVER_HISTORY_BUDGET='\(bad)' is not a whole number of bytes; set it to one, "
                                         + "e.g. DROVER_HISTORY_BUDGET=50331648 for 48 MiB"), h.err)
            XCTAssertFalse(FileManager.default.fileExists(atPath: dir.file("never.cast")), "nothing was created")
        }
    }

    func testTheHostsClipboardPolicyIsStoredAndShownWhenSet() {
        let h = CLIHarness(environment: env)
        XCTAssertEqual(h.run("hosts", "add", "mac", "--host", "10.0.0.5", "--clipboard", "off"), 0, h.err)
        XCTAssertEqual(h.run("hosts", "show", "mac"), 0)
        XCTAssertTrue(h.out.contains("clipboard:  off\n"), h.out)
        XCTAssertEqual(h.run("hosts", "edit", "mac", "--clipboard", "WRITE"), 0, h.err)
        XCTAssertEqual(h.run("hosts", "show", "mac"), 0)
        XCTAssertTrue(h.out.contains("clipboard:  write\n"), h.out)
        XCTAssertEqual(h.run("hosts", "add", "pi", "--host", "10.0.0.6"), 0, h.err)
        let pi = CLIHarness(environment: env)
        XCTAssertEqual(pi.run("hosts", "show", "pi"), 0)
        XCTAssertFalse(pi.out.contains("clipboard"), "the default is not listed:\n\(pi.out)")
    }

    func testARecordingThatNeverBeganLeavesNoFileAndAnExistingOneIsKept() throws {
        let h = CLIHarness(environment: env)
        XCTAssertEqual(h.run("hosts", "add", "mac", "--host", "10.0.0.5"), 0, h.err)
        let cast = dir.file("s.cast")
        // The tests have no terminal, so attach stops before recording anything.
        XCTAssertEqual(h.run("attach", "mac", "--record", cast, "--notify", "on"), 1)
        XCTAssertTrue(h.err.contains("needs a terminal"), h.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: cast))
        try "old".write(toFile: cast, atomically: false, encoding: .utf8)
        XCTAssertEqual(h.run("attach", "mac", "--record", cast), 1)
        XCTAssertTrue(h.err.contains("already exists"), h.err)
        XCTAssertEqual(try String(contentsOfFile: cast, encoding: .utf8), "old")
        XCTAssertEqual(h.run("attach", "mac", "--record", ""), 2)
        XCTAssertEqual(h.run("attach", "mac", "--copy-command", " "), 2)
        XCTAssertTrue(h.err.contains("--copy-command needs a command"), h.err)
    }

    func testNotifyTakesOnOrOff() {
        let h = CLIHarness(environment: env)
        XCTAssertEqual(h.run("hosts", "add", "mac", "--host", "10.0.0.5"), 0, h.err)
        XCTAssertEqual(h.run("attach", "mac", "--notify", "loud"), 2)
        XCTAssertTrue(h.err.contains("--notify takes on or off (e.g. --notify off), not 'loud'"), h.err)
        XCTAssertEqual(h.run("attach", "mac", "--notify", "off"), 1, "accepted: stops only for want of a terminal")
        XCTAssertTrue(h.err.contains("needs a terminal"), h.err)
        XCTAssertEqual(h.run("attach", "--help"), 0)
        XCTAssertTrue(h.out.contains("--notify on|off"), h.out)
    }
}
