import Foundation
import TestSupport
import XCTest

/// Argument handling of `drover pair` and `drover pair-host` that needs no network.
final class PairCommandTests: XCTestCase {
    func testTestSwitchesAreRefusedWithoutTheEnvironmentVariable() {
        for option in ["--test-ttl=5", "--test-state=/tmp/x", "--test-authorized-keys=/tmp/k"] {
            let cli = CLIHarness(environment: ["DROVER_HOME": "/nonexistent"])
            XCTAssertEqual(cli.run("pair-host", "--host", "box", option), 2, option)
            XCTAssertTrue(cli.err.contains("is a test switch and works only with DROVER_PAIR_TEST=1"), cli.err)
        }
    }

    func testExpiredLinkIsRefusedWithItsAge() {
        let cli = CLIHarness(environment: ["DROVER_HOME": "/nonexistent"])
        let x = Int(Date().timeIntervalSince1970) - 185
        let link = "herdr://pair?v=1&id=abcdefghijklmnopqrstuw&n=box&u=dev&os=unix&h=box&p=22"
            + "&fp=SHA256:" + String(repeating: "A", count: 43) + "&k=AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8&x=\(x)"
        XCTAssertEqual(cli.run("pair", link), 1)
        XCTAssertTrue(cli.err.hasSuffix("\ndrover: the code expired 3 minutes ago; run the pairing command again\n"), cli.err)
    }

    func testLinkIsReadFromStandardInputWithDash() {
        let cli = CLIHarness(environment: ["DROVER_HOME": "/nonexistent"], input: ["herdr://pair?v=1&id=short"])
        XCTAssertEqual(cli.run("pair", "-"), 1)
        // Every field is looked for before any is checked (so a lost '&' never shows the key).
        XCTAssertTrue(cli.err.contains("missing field n in the pairing link"), cli.err)
    }

    func testScanTakesAPictureInsteadOfALink() {
        let cli = CLIHarness(environment: ["DROVER_HOME": "/nonexistent"])
        XCTAssertEqual(cli.run("pair", "--scan", "/nonexistent/code.png"), 1)
        XCTAssertEqual(cli.err, "drover: /nonexistent/code.png: no such file; give the path of a PNG or Netpbm (PBM/PGM/PPM) "
                       + "picture of the code\n")
        let both = CLIHarness(environment: ["DROVER_HOME": "/nonexistent"])
        XCTAssertEqual(both.run("pair", "--scan", "code.png", "herdr://pair?v=1&k=secret"), 2)
        XCTAssertTrue(both.err.hasPrefix("drover: give either a link or --scan PICTURE, not both\n"), both.err)
        XCTAssertFalse(both.err.contains("secret"), both.err)
    }

    func testLinkIsAnOrdinaryOptionOfPairHost() {
        let cli = CLIHarness()
        XCTAssertEqual(cli.run("help", "pair-host"), 0)
        XCTAssertTrue(cli.out.contains("--link"), cli.out)
        XCTAssertTrue(cli.out.contains("drover pair --scan PICTURE"), cli.out)
        let pair = CLIHarness()
        XCTAssertEqual(pair.run("help", "pair"), 0)
        XCTAssertTrue(pair.out.contains("--scan PICTURE"), pair.out)
    }

    func testEnrollWithBadIdAnswersInvalid() {
        let cli = CLIHarness(environment: [:])
        XCTAssertEqual(cli.run("pair-host", "--enroll=../../etc", "--state=/tmp"), 2)
        XCTAssertEqual(cli.out, "INVALID\n")
    }

    func testPairHostWithoutHostOrTailscaleSaysWhatToPass() throws {
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/tailscale") { throw XCTSkip("Tailscale is installed here") }
        let cli = CLIHarness(environment: ["DROVER_HOME": "/nonexistent"])
        XCTAssertEqual(cli.run("pair-host"), 2)
        XCTAssertTrue(cli.err.contains("Tailscale is not installed or not running here"), cli.err)
        XCTAssertTrue(cli.err.contains("pass --host NAME"), cli.err)
    }

    /// Issue 9 item 13: pair-host refuses to put such a session in a code.
    func testPairHostRefusesASessionStartingWithADash() {
        let cli = CLIHarness(environment: ["DROVER_HOME": "/nonexistent"])
        XCTAssertEqual(cli.run("pair-host", "--host", "box", "--session", "-x"), 2)
        XCTAssertTrue(cli.err.contains("--session: a session name is 1 to 64 of A-Z a-z 0-9 . _ -, not starting with -"), cli.err)
    }

    /// Both commands name the option for codes the herdr app will not accept, and say so.
    func testBothCommandsOfferTheOptionAndSayTheHerdrAppWillNotAcceptSuchACode() {
        for command in ["pair-host", "pair"] {
            let cli = CLIHarness()
            XCTAssertEqual(cli.run("help", command), 0)
            XCTAssertTrue(cli.out.contains("--not-for-herdr-app"), cli.out)
            XCTAssertTrue(cli.out.contains("the herdr app will not accept such a code"), cli.out)
        }
    }

    /// A unicode name: the herdr app does not convert international names, so pair-host
    /// refuses one, says why and what works, before touching anything.
    func testPairHostRefusesAUnicodeHostAndSaysWhatWorks() {
        let cli = CLIHarness(environment: ["DROVER_HOME": "/nonexistent"])
        XCTAssertEqual(cli.run("pair-host", "--host", "Büro.tail1a2b.ts.net"), 2)
        XCTAssertTrue(cli.err.contains("has characters other than ASCII letters, digits, '-' and '.'"), cli.err)
        XCTAssertTrue(cli.err.contains("the herdr app accepts only Tailscale's names and addresses"), cli.err)
    }

    func testHelpListsBothCommands() {
        let cli = CLIHarness()
        XCTAssertEqual(cli.run("help"), 0)
        XCTAssertTrue(cli.out.contains("pair-host"), cli.out)
        XCTAssertFalse(cli.out.contains("test-print-link"))
    }
}
