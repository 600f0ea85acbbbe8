import XCTest
@testable import DroverCLI

final class ArgumentParserTests: XCTestCase {
    let parser = ArgumentParser(options: [
        OptionSpec("port", short: "p", value: "PORT", help: ""),
        OptionSpec("qr", short: "q", help: ""),
        OptionSpec("json", help: ""),
        OptionSpec("host", value: "NAME", repeatable: true, help: ""),
    ])

    func testLongShortInlineAndSeparateValues() throws {
        let a = try parser.parse(["add", "--port=2222", "-q", "--host", "a", "--host=b", "mac"])
        XCTAssertEqual(a.value("port"), "2222")
        XCTAssertTrue(a.flag("qr"))
        XCTAssertEqual(a.values("host"), ["a", "b"])
        XCTAssertEqual(a.positionals, ["add", "mac"])
    }

    func testShortValueAttachedAndBundledFlags() throws {
        XCTAssertEqual(try parser.parse(["-p22"]).value("port"), "22")
        let a = try parser.parse(["-qp", "23"])
        XCTAssertTrue(a.flag("qr"))
        XCTAssertEqual(a.value("port"), "23")
    }

    func testDoubleDashEndsOptionsAndDashIsPositional() throws {
        let a = try parser.parse(["-", "--", "--qr", "-p"])
        XCTAssertEqual(a.positionals, ["-", "--qr", "-p"])
        XCTAssertFalse(a.flag("qr"))
    }

    func testErrorsNameTheBadArgument() {
        XCTAssertThrowsError(try parser.parse(["--nope"])) { XCTAssertEqual(($0 as? UsageError)?.message, "unknown option '--nope'") }
        XCTAssertThrowsError(try parser.parse(["-z"])) { XCTAssertEqual(($0 as? UsageError)?.message, "unknown option '-z'") }
        XCTAssertThrowsError(try parser.parse(["--port"])) { XCTAssertEqual(($0 as? UsageError)?.message, "option '--port' needs a value") }
        XCTAssertThrowsError(try parser.parse(["--json=1"])) { XCTAssertEqual(($0 as? UsageError)?.message, "option '--json' takes no value") }
        XCTAssertThrowsError(try parser.parse(["--json", "--json"])) { XCTAssertEqual(($0 as? UsageError)?.message, "option '--json' given more than once") }
    }

    func testIntegerRangeAndPositionalCount() throws {
        XCTAssertThrowsError(try parser.parse(["--port", "0"]).int("port", in: 1...65535)) {
            XCTAssertEqual(($0 as? UsageError)?.message, "--port must be a whole number from 1 to 65535, not '0'")
        }
        XCTAssertThrowsError(try parser.parse(["a", "b"]).positionals(exactly: ["NAME"])) {
            XCTAssertEqual(($0 as? UsageError)?.message, "unexpected argument 'b'")
        }
        XCTAssertThrowsError(try parser.parse([]).positionals(exactly: ["NAME"])) {
            XCTAssertEqual(($0 as? UsageError)?.message, "missing NAME")
        }
    }
}
