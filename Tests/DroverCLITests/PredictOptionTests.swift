import XCTest
import TestSupport
@testable import DroverCLI

/// `--predict auto|always|never` on hosts (kept in hosts.json) and on attach.
final class PredictOptionTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var env: [String: String] { ["DROVER_HOME": dir.file("root"), "HOME": dir.file("home")] }

    override func setUpWithError() throws { dir = try TemporaryDirectory(prefix: "drover-cli-predict") }
    override func tearDown() { dir.remove() }

    @discardableResult
    private func drover(_ args: String..., expect status: Int32 = 0,
                        file: StaticString = #filePath, line: UInt = #line) -> CLIHarness {
        CLIHarness.checked(args, environment: env, input: [], expect: status, file: file, line: line)
    }

    func testAHostKeepsItsPredictSetting() throws {
        drover("hosts", "add", "box", "--host", "box.lan", "--user", "u")
        XCTAssertTrue(drover("hosts", "show", "box").out.contains("predict:   auto\n"))
        drover("hosts", "edit", "box", "--predict", "ALWAYS")
        XCTAssertTrue(drover("hosts", "show", "box").out.contains("predict:   always\n"))
        let json = drover("hosts", "list", "--json").out
        XCTAssertTrue(json.contains("\"predict\" : \"always\""), json)
        drover("hosts", "edit", "box", "--predict", "never")
        XCTAssertTrue(drover("hosts", "show", "box").out.contains("predict:   never\n"))
    }

    func testABadPredictValueIsAUsageErrorThatNamesTheChoices() {
        drover("hosts", "add", "box", "--host", "box.lan", "--user", "u")
        let edit = drover("hosts", "edit", "box", "--predict", "sometimes", expect: 2)
        XCTAssertTrue(edit.err.contains("--predict takes auto, always or never, not 'sometimes'"), edit.err)
        let attach = drover("attach", "box", "--predict", "maybe", expect: 2)
        XCTAssertTrue(attach.err.contains("--predict takes auto, always or never, not 'maybe'"), attach.err)
        XCTAssertTrue(drover("attach", "--help").out.contains("--predict auto|always|never"))
    }
}
