import Foundation
import TestSupport
import XCTest
@testable import DroverCLI

/// Issue 32: a mistyped command, option or host name (two edits or fewer) gets
/// "did you mean …?" naming what exists; nothing close, or a tie, gets no guess.
final class DidYouMeanTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var env: [String: String] { ["DROVER_HOME": dir.file("drover")] }

    override func setUpWithError() throws { dir = try TemporaryDirectory(prefix: "drover-didyoumean") }
    override func tearDown() { dir.remove() }

    func testAMistypedCommandSuggestsTheCommand() {
        let h = CLIHarness(environment: env)
        XCTAssertEqual(h.run("atach", "demo"), 2)
        XCTAssertTrue(h.err.contains("unknown command 'atach'; did you mean 'attach'?"), h.err)
        let sub = CLIHarness(environment: env)
        XCTAssertEqual(sub.run("hosts", "shwo", "demo"), 2)
        XCTAssertTrue(sub.err.contains("unknown command 'shwo'; did you mean 'show'?"), sub.err)
    }

    func testAMistypedOptionSuggestsTheOption() {
        let h = CLIHarness(environment: env)
        XCTAssertEqual(h.run("attach", "demo", "--sesion", "work"), 2)
        XCTAssertTrue(h.err.contains("unknown option '--sesion'; did you mean '--session'?"), h.err)
    }

    func testAMistypedHostNameSuggestsTheRegisteredHost() {
        let add = CLIHarness(environment: env)
        XCTAssertEqual(add.run("hosts", "add", "demo", "ann@127.0.0.1:2222"), 0, add.err)
        let h = CLIHarness(environment: env)
        XCTAssertEqual(h.run("attach", "demmo"), 1)
        XCTAssertTrue(h.err.contains("no host named 'demmo'. Did you mean 'demo'?"), h.err)
        let show = CLIHarness(environment: env)
        XCTAssertEqual(show.run("hosts", "show", "dmeo"), 1)
        XCTAssertTrue(show.err.contains("no host named 'dmeo'. Did you mean 'demo'?"), show.err)
    }

    func testNothingCloseOrATieGetsNoGuess() {
        let h = CLIHarness(environment: env)
        XCTAssertEqual(h.run("frobnicate"), 2)
        XCTAssertFalse(h.err.contains("did you mean"), h.err)
        XCTAssertNil(Suggestion.closest(to: "ab", among: ["ax", "ay"]))
        XCTAssertEqual(Suggestion.closest(to: "attahc", among: ["attach", "hosts"]), "attach")
        XCTAssertEqual(Suggestion.distance("demo", "demmo"), 1)
        XCTAssertEqual(Suggestion.distance("kitten", "sitting"), 3)
    }
}
