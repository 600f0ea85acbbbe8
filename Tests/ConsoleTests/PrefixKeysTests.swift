import Foundation
import XCTest
import VT
@testable import Console

/// The prefix keys are written down once (`PrefixKeyHandler.bindings`); the handler, the `?`
/// box and the README all follow that list.
final class PrefixKeysTests: XCTestCase {
    let prefix = PrefixKeyHandler.defaultPrefix

    func testEveryCommandHasExactlyOneKeyAndTheHandlerUsesIt() {
        let bindings = PrefixKeyHandler.bindings
        XCTAssertEqual(Set(bindings.map(\.key)).count, bindings.count, "a key is bound twice")
        XCTAssertEqual(bindings.map(\.command).sorted { "\($0)" < "\($1)" },
                       PrefixKeyHandler.Command.allCases.sorted { "\($0)" < "\($1)" })
        for binding in bindings {
            var handler = PrefixKeyHandler()
            XCTAssertEqual(handler.handle([prefix, .text(String(binding.key))]), [.command(binding.command)], "\(binding)")
        }
    }

    func testHelpLinesNameEveryKeyAndTheDoubledPrefix() {
        let lines = PrefixKeyHandler.helpLines
        XCTAssertEqual(lines.count, PrefixKeyHandler.bindings.count + 2)
        for (line, binding) in zip(lines, PrefixKeyHandler.bindings) {
            XCTAssertTrue(line.hasPrefix("ctrl+] \(binding.key) "), line)
            XCTAssertTrue(line.hasSuffix(binding.summary), line)
        }
        XCTAssertEqual(lines.last, "ctrl+] ctrl+]  send ctrl+] itself to the remote")
        XCTAssertTrue(lines[lines.count - 2].hasPrefix("ctrl+] Enter "), lines[lines.count - 2])
        XCTAssertTrue(lines[lines.count - 2].hasSuffix(PrefixKeyHandler.shiftEnterSummary), lines[lines.count - 2])
        let summaries = PrefixKeyHandler.bindings.map(\.summary)
            + [PrefixKeyHandler.shiftEnterSummary, PrefixKeyHandler.doubledPrefixSummary]
        XCTAssertEqual(Set(zip(lines, summaries).map { $0.count - $1.count }).count, 1, "summaries start in one column: \(lines)")
    }

    /// The README cannot be generated at build time, so its key table is compared with the list:
    /// the same keys, summaries and order.
    func testREADMEKeyTableMatchesTheList() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let rows = text.split(separator: "\n").filter { $0.hasPrefix("| `ctrl+] ") }.map(String.init)
        let expected = PrefixKeyHandler.bindings.map { "| `ctrl+] \($0.key)` | \($0.summary) |" }
            + ["| `ctrl+] Enter` | \(PrefixKeyHandler.shiftEnterSummary) |",
               "| `ctrl+] ctrl+]` | \(PrefixKeyHandler.doubledPrefixSummary) |"]
        XCTAssertEqual(rows, expected, "update README.md's key table from PrefixKeyHandler.bindings")
    }
}
