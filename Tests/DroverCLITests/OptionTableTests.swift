import XCTest
@testable import DroverCLI

/// The argument parser takes the first spec with a name, so a command whose table named an
/// option twice would parse one and document the other. The args fuzzer met such a table
/// (its own random one); this checks that no real command has one.
final class OptionTableTests: XCTestCase {
    func testEveryCommandNamesEachOptionOnce() {
        var pending = [CommandTable.root]
        var checked = 0
        while let command = pending.popLast() {
            pending += command.subcommands
            let specs = command.options + [OptionSpec("help", short: "h", help: "")]
            let longs = specs.map(\.long)
            let shorts = specs.compactMap(\.short)
            XCTAssertEqual(Set(longs).count, longs.count, "\(command.name) names an option twice: \(longs)")
            XCTAssertEqual(Set(shorts).count, shorts.count, "\(command.name) gives a short form twice: \(shorts)")
            checked += 1
        }
        XCTAssertGreaterThan(checked, CommandTable.commands.count)
    }
}
