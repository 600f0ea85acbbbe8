import XCTest
import TestSupport
@testable import DroverCLI

/// `hosts add/edit --jump` and `--no-jump` (issue 13).
final class HostsJumpOptionTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var env: [String: String] { ["DROVER_HOME": dir.file("root"), "HOME": dir.file("home")] }

    override func setUpWithError() throws { dir = try TemporaryDirectory(prefix: "drover-cli-jump") }
    override func tearDown() { dir.remove() }

    @discardableResult
    private func drover(_ args: String..., expect status: Int32 = 0,
                        file: StaticString = #filePath, line: UInt = #line) -> CLIHarness {
        CLIHarness.checked(args, environment: env, expect: status, file: file, line: line)
    }

    func testJumpIsStoredShownAndDropped() {
        drover("hosts", "add", "web", "ann@web.lan", "--jump", "bastion,ann@10.0.0.1:2222")
        XCTAssertTrue(drover("hosts", "show", "web").out.contains("jump:      bastion,ann@10.0.0.1:2222\n"))
        drover("hosts", "edit", "web", "-J", "[::1]:2200")
        XCTAssertTrue(drover("hosts", "show", "web").out.contains("jump:      [::1]:2200\n"))
        drover("hosts", "edit", "web", "--no-jump")
        XCTAssertTrue(drover("hosts", "show", "web").out.contains("jump:      (none: direct)\n"))
    }

    func testABadJumpListIsAUsageErrorAndChangesNothing() {
        drover("hosts", "add", "web", "ann@web.lan")
        let bad = drover("hosts", "edit", "web", "--jump", "bastion,bad host", expect: 2)
        XCTAssertTrue(bad.err.contains("--jump: jump 'bad host' is not allowed"), bad.err)
        XCTAssertTrue(drover("hosts", "show", "web").out.contains("jump:      (none: direct)\n"))
        let both = drover("hosts", "edit", "web", "--jump", "b", "--no-jump", expect: 2)
        XCTAssertTrue(both.err.contains("give --jump or --no-jump, not both"), both.err)
    }
}
