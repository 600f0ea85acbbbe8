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

    /// Issue 32: a usage line is the first thing help shows, so it names every option the
    /// command's table lists (long or short form; `--help` aside), and names none the table
    /// lacks: attach's once left out -R and --forward-public.
    func testEveryUsageLineNamesEveryOptionAndOnlyThose() {
        var pending = [(CommandTable.root, "drover")]
        while let (command, path) = pending.popLast() {
            pending += command.subcommands.filter { !$0.hidden }.map { ($0, path + " " + $0.name) }
            let usage = command.usage
            let named = Self.optionsNamed(in: usage)
            var known: Set<String> = ["--help", "-h"]
            for option in command.options {
                known.insert("--" + option.long)
                if let short = option.short { known.insert("-\(short)") }
                guard !option.hidden else { continue }
                let forms = ["--" + option.long] + (option.short.map { ["-\($0)"] } ?? [])
                XCTAssertTrue(forms.contains { named.contains($0) }, "\(path): usage lacks --\(option.long): \(usage)")
            }
            XCTAssertEqual(named.subtracting(known), [], "\(path): usage names options it does not take: \(usage)")
        }
    }

    /// `--long` and `-x` words of a usage line (not a lone `-`, standard input).
    static func optionsNamed(in usage: String) -> Set<String> {
        let words = usage.split(whereSeparator: { " [|]".contains($0) }).map(String.init)
        return Set(words.compactMap { word in
            guard word.hasPrefix("-"), word.count > 1 else { return nil }
            let name = word.prefix { $0.isLetter || $0.isNumber || $0 == "-" }
            return (name.hasPrefix("--") && name.count > 2) || name.count == 2 ? String(name) : nil
        })
    }
}
