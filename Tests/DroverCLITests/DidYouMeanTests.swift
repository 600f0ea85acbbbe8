import Foundation
import TestSupport
import SSH
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

    /// Issue 32: `help` with a mistyped command, at any level, names the command meant.
    func testHelpOfAMistypedCommandSuggestsTheCommand() {
        let h = CLIHarness(environment: env)
        XCTAssertEqual(h.run("help", "atach"), 2)
        XCTAssertTrue(h.err.contains("no command 'atach'; did you mean 'attach'?"), h.err)
        XCTAssertFalse(h.err.contains("drover help help"), "one line says where to look: \(h.err)")
        let sub = CLIHarness(environment: env)
        XCTAssertEqual(sub.run("help", "hosts", "shwo"), 2)
        XCTAssertTrue(sub.err.contains("no command 'hosts shwo'; did you mean 'hosts show'? Run 'drover help' for the list"), sub.err)
        XCTAssertFalse(sub.err.contains("?;"), sub.err)
    }

    /// A name that went to DNS (through ~/.ssh/config, which takes any name, or as a jump
    /// host) and was not found there is matched against the registry as well.
    func testANameDNSDoesNotKnowSuggestsTheRegisteredHost() {
        let registered = { ["demo", "lab"] }
        let direct = HostNameSuggestion.message(for: SSHError.hostNotFound(host: "demmo", detail: "Name or service not known"),
                                                registered: registered)
        XCTAssertEqual(direct, "cannot find host 'demmo' (Name or service not known); check the name or use an IP address. Did you mean 'demo'?")
        let hop = HostNameSuggestion.message(for: SSHError.jumpHost(hop: "lba", .hostNotFound(host: "lba", detail: "x")),
                                             registered: registered)
        XCTAssertTrue(hop?.hasSuffix("Did you mean 'lab'?") == true, hop ?? "nil")
    }

    /// A registered host's own address failing DNS (DNS down) is not a typo for another host:
    /// `lab1` (hostname lab1) does not get "Did you mean 'lab2'?".
    func testARegisteredHostsOwnAddressFailingDNSSuggestsNoOtherHost() {
        let failed = SSHError.hostNotFound(host: "lab1", detail: "Temporary failure in name resolution")
        XCTAssertNil(HostNameSuggestion.message(for: failed, registered: { ["lab1", "lab2"] }, reached: { ["lab1", "lab2"] }))
        let aliased = SSHError.hostNotFound(host: "lab1.corp", detail: "x")
        XCTAssertNil(HostNameSuggestion.message(for: aliased, registered: { ["lab1", "lab2"] }, reached: { ["lab1.corp", "lab2.corp"] }))
        XCTAssertNil(HostNameSuggestion.message(for: SSHError.jumpHost(hop: "lab1", failed), registered: { ["lab1", "lab2"] }))
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
