import XCTest
@testable import DroverCLI
import SSH

final class HelpAndVersionTests: XCTestCase {
    func testVersionFlagAndCommandAgree() {
        let a = CLIHarness(), b = CLIHarness()
        XCTAssertEqual(a.run("--version"), 0)
        XCTAssertEqual(b.run("version"), 0)
        XCTAssertTrue(a.out.hasPrefix("drover \(Drover.version) (libssh2 "), a.out)
        // The libssh2 this binary runs with is the one ADR 0019 requires, whatever the system has.
        let version = a.out.split(separator: "libssh2 ")[1].prefix { $0 != "," }
        XCTAssertGreaterThanOrEqual(VersionNumber(String(version)) ?? VersionNumber(major: 0, minor: 0),
                                    VersionNumber(major: 1, minor: 11, patch: 1), a.out)
        XCTAssertEqual(a.out, b.out)
    }

    func testHelpListsEveryVisibleCommand() {
        let h = CLIHarness()
        XCTAssertEqual(h.run("--help"), 0)
        for command in CommandTable.commands where !command.hidden {
            XCTAssertTrue(h.out.contains("  \(command.name)"), "missing \(command.name) in\n\(h.out)")
        }
    }

    func testEveryCommandHasHelpThroughBothForms() {
        func walk(_ command: Command, _ path: [String]) {
            let viaFlag = CLIHarness(), viaHelp = CLIHarness()
            XCTAssertEqual(viaFlag.run(path + ["--help"]), 0, path.joined(separator: " "))
            XCTAssertEqual(viaHelp.run(["help"] + path), 0, path.joined(separator: " "))
            XCTAssertEqual(viaFlag.out, viaHelp.out)
            XCTAssertTrue(viaFlag.out.hasPrefix("usage: drover "), viaFlag.out)
            for sub in command.subcommands { walk(sub, path + [sub.name]) }
        }
        for command in CommandTable.commands { walk(command, [command.name]) }
    }

    func testUnknownCommandIsUsageErrorWithExit2() {
        let h = CLIHarness()
        XCTAssertEqual(h.run("frobnicate"), 2)
        XCTAssertTrue(h.err.contains("unknown command 'frobnicate'"), h.err)
        XCTAssertTrue(h.err.contains("drover help"), h.err)
    }

    func testUnknownOptionNamesIt() {
        let h = CLIHarness()
        XCTAssertEqual(h.run("version", "--bogus"), 2)
        XCTAssertTrue(h.err.contains("'--bogus'"), h.err)
    }
}
