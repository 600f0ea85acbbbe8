import Foundation
import XCTest
import Hosts
import Sessions
import TestSupport
@testable import DroverCLI

/// Findings of a new-user trial of the wave-3 build: an address typed wrong is named as such
/// (not as an unknown host), a one-off key file that is not there gets a note, and `sessions`
/// on a host that runs its own command says why herdr was not found instead of suggesting a
/// command edit that would not help.
final class TrialFixCLITests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var env: [String: String] { ["DROVER_HOME": dir.file("root"), "HOME": dir.file("home")] }

    override func setUpWithError() throws { dir = try TemporaryDirectory(prefix: "drover-cli-trialfix") }
    override func tearDown() { dir.remove() }

    func testAnAddressTypedWrongIsNamedNotCalledAnUnknownHost() {
        for (text, said) in [("u@h:99999", "the port in 'u@h:99999' must be a number from 1 to 65535"),
                             ("user@", "'user@' has no host name"),
                             ("u@[::1", "'u@[::1' is missing its closing ']'")] {
            for command in ["attach", "doctor"] {
                let h = CLIHarness(environment: env)
                XCTAssertEqual(h.run([command, text]), 2, "\(command) \(text): \(h.err)")
                XCTAssertTrue(h.err.contains(said), "\(command) \(text): \(h.err)")
                XCTAssertFalse(h.err.contains("no host named"), "\(command) \(text): \(h.err)")
            }
        }
    }

    func testAOneOffKeyFileThatIsNotThereGetsANote() {
        let h = CLIHarness(environment: env)
        XCTAssertEqual(h.run(["attach", "box", "-i", "/nonexistent-drover-key"]), 1)
        XCTAssertTrue(h.err.contains("note: the identity file /nonexistent-drover-key (-i) does not exist"), h.err)
    }

    func testSessionsOfACommandHostDoesNotSuggestEditingTheCommand() {
        let demo = AttachTarget(host: HostEntry(name: "demo", hostname: "127.0.0.1", user: "u",
                                                command: "exec sh -lc 'PATH=/x:$PATH herdr session attach demo'"))
        let advice = SessionsCommand.herdrMissingAdvice(demo)
        XCTAssertFalse(advice.contains("hosts edit"), advice)
        XCTAssertTrue(advice.contains("demo runs its own command"), advice)
        XCTAssertTrue(advice.contains("lists herdr's sessions only"), advice)
    }
}
