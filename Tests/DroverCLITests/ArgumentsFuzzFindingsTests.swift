import XCTest
@testable import DroverCLI

/// What `scripts/fuzz args` found, as regression tests: the parser looked for `-`, `--` and `=`
/// among Characters, where a combining mark after one of them is part of the same Character.
final class ArgumentsFuzzFindingsTests: XCTestCase {
    let parser = ArgumentParser(options: [
        OptionSpec("port", short: "p", value: "PORT", help: ""),
        OptionSpec("\u{5BD}name", short: "v", help: ""),   // a name that starts with a combining mark
    ])

    /// Found by the fuzzer: `--` followed by a name starting with a combining mark was read as
    /// the short options `-` + mark, `n`, … and refused as unknown.
    func testALongNameStartingWithACombiningMarkIsThatOption() throws {
        XCTAssertTrue(try parser.parse(["--\u{5BD}name"]).flag("\u{5BD}name"))
        XCTAssertThrowsError(try parser.parse(["-v", "--\u{5BD}name"])) { error in
            XCTAssertEqual(error as? UsageError, .repeated("\u{5BD}name"))
        }
    }

    /// An argument that starts with `-` is an option, whatever follows: a combining mark after
    /// the dash made it a positional (a host name starting with `-`).
    func testADashFollowedByACombiningMarkIsNotAPositional() {
        XCTAssertThrowsError(try parser.parse(["-\u{301}p22"])) { error in
            XCTAssertEqual((error as? UsageError)?.message, "unknown option '-\u{301}'")
        }
    }

    /// A value that starts with a combining mark stays the value of its option.
    func testAnInlineValueStartingWithACombiningMarkIsTheValue() throws {
        XCTAssertEqual(try parser.parse(["--port=\u{301}22"]).value("port"), "\u{301}22")
    }
}
