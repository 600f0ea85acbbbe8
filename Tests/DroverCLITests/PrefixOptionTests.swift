import Foundation
import Hosts
import Sessions
import TestSupport
import XCTest
@testable import DroverCLI

/// `--prefix KEY` on `attach` and `hosts add/edit`, and `DROVER_PREFIX` (the key's effect is
/// tested in ConsoleTests.PrefixKeyTests and end to end in SessionsTests.AttachPrefixOptionTests).
final class PrefixOptionTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var env: [String: String] { ["DROVER_HOME": dir.file("drover")] }

    override func setUpWithError() throws { dir = try TemporaryDirectory(prefix: "drover-prefixopts") }
    override func tearDown() { dir.remove() }

    func testABadKeyIsAUsageErrorWhereverItComesFrom() {
        let h = CLIHarness(environment: env)
        XCTAssertEqual(h.run("hosts", "add", "mac", "--host", "10.0.0.5"), 0, h.err)
        XCTAssertEqual(h.run("attach", "mac", "--prefix", "alt+x"), 2)
        XCTAssertTrue(h.err.contains("--prefix: 'alt+x' is not a prefix key: give a Ctrl+letter"), h.err)
        XCTAssertEqual(h.run("hosts", "edit", "mac", "--prefix", "ctrl+["), 2)
        XCTAssertTrue(h.err.contains("--prefix: ctrl+[ is the Escape key"), h.err)
        let bad = CLIHarness(environment: env.merging(["DROVER_PREFIX": "ctrl+m"]) { $1 })
        XCTAssertEqual(bad.run("attach", "mac"), 2)
        XCTAssertTrue(bad.err.contains("DROVER_PREFIX='ctrl+m' cannot be used: ctrl+m cannot be the prefix: terminals send the same byte for it as for the Enter key"), bad.err)
        XCTAssertTrue(bad.err.contains("unset it for ctrl+]"), bad.err)
    }

    func testTheHostsPrefixIsStoredShownAndOldFilesStillLoad() throws {
        let h = CLIHarness(environment: env)
        XCTAssertEqual(h.run("hosts", "add", "mac", "--host", "10.0.0.5", "--prefix", "C-a"), 0, h.err)
        XCTAssertEqual(h.run("hosts", "show", "mac"), 0)
        XCTAssertTrue(h.out.contains("prefix:") && h.out.contains("ctrl+a\n"), h.out)
        XCTAssertEqual(h.run("hosts", "edit", "mac", "--prefix", "ctrl+b"), 0, h.err)
        let json = try String(contentsOfFile: dir.file("drover") + "/hosts.json", encoding: .utf8)
        XCTAssertTrue(json.contains("\"prefix\" : \"ctrl+b\""), json)
        XCTAssertEqual(h.run("hosts", "edit", "mac", "--no-prefix"), 0, h.err)
        let cleared = try String(contentsOfFile: dir.file("drover") + "/hosts.json", encoding: .utf8)
        XCTAssertFalse(cleared.contains("\"prefix\""), "the field is left out again: \(cleared)")
        XCTAssertEqual(h.run("hosts", "add", "pi", "--host", "10.0.0.6"), 0, h.err)
        let pi = CLIHarness(environment: env)
        XCTAssertEqual(pi.run("hosts", "show", "pi"), 0)
        XCTAssertFalse(pi.out.contains("prefix"), "no prefix, nothing listed:\n\(pi.out)")
        let help = CLIHarness(environment: env)
        XCTAssertEqual(help.run("attach", "--help"), 0)
        XCTAssertTrue(help.out.contains("--prefix KEY") && help.out.contains("DROVER_PREFIX"), help.out)
    }

    func testTheOptionWinsThenTheFirstHostThenTheEnvironment() throws {
        // A host entry as hosts.json holds it (no store needed for the choice).
        let hosts = [HostEntry(name: "mac", hostname: "10.0.0.5", user: "ann"), HostEntry(name: "pi", hostname: "10.0.0.6", user: "ann")]
        var withPrefix = hosts
        withPrefix[0].prefix = "ctrl+b"
        func targets(_ names: String...) throws -> [AttachTarget] {
            try names.map { try AttachTarget.resolve($0, in: withPrefix, localUser: "ann") }
        }
        let user = ["DROVER_PREFIX": "ctrl+g"]
        XCTAssertEqual(try PrefixChoice.choose(option: "ctrl+a", targets: targets("mac"), environment: user).name, "ctrl+a")
        XCTAssertEqual(try PrefixChoice.choose(option: nil, targets: targets("pi", "mac"), environment: user).name, "ctrl+b")
        XCTAssertEqual(try PrefixChoice.choose(option: nil, targets: targets("pi"), environment: user).name, "ctrl+g")
        XCTAssertEqual(try PrefixChoice.choose(option: nil, targets: targets("pi"), environment: [:]).name, "ctrl+]")
    }
}
