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

/// `hosts add/edit --forward`, `--forward-public`, `--no-forward` (issue 13).
final class HostsForwardOptionTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var env: [String: String] { ["DROVER_HOME": dir.file("root"), "HOME": dir.file("home")] }

    override func setUpWithError() throws { dir = try TemporaryDirectory(prefix: "drover-cli-forward") }
    override func tearDown() { dir.remove() }

    @discardableResult
    private func drover(_ args: String..., expect status: Int32 = 0,
                        file: StaticString = #filePath, line: UInt = #line) -> CLIHarness {
        CLIHarness.checked(args, environment: env, expect: status, file: file, line: line)
    }

    func testForwardsAreStoredCheckedAndDropped() {
        drover("hosts", "add", "web", "ann@web.lan", "--forward", "8080:localhost:80", "-L", "5432:db:5432")
        XCTAssertTrue(drover("hosts", "show", "web").out.contains("forward:   127.0.0.1:8080:localhost:80 127.0.0.1:5432:db:5432\n"))
        let open = drover("hosts", "edit", "web", "--forward", "0.0.0.0:8080:localhost:80", expect: 2)
        XCTAssertTrue(open.err.contains("add --forward-public"), open.err)
        drover("hosts", "edit", "web", "--forward", "0.0.0.0:8080:localhost:80", "--forward-public")
        XCTAssertTrue(drover("hosts", "show", "web").out.contains("forward:   0.0.0.0:8080:localhost:80\n"))
        let bad = drover("hosts", "edit", "web", "--forward", "8080:localhost", expect: 2)
        XCTAssertTrue(bad.err.contains("--forward: forward '8080:localhost' is not allowed"), bad.err)
        drover("hosts", "edit", "web", "--no-forward")
        XCTAssertTrue(drover("hosts", "show", "web").out.contains("forward:   (none)\n"))
    }

    func testAttachRefusesForwardsForSeveralHosts() {
        drover("hosts", "add", "a", "ann@a.lan")
        drover("hosts", "add", "b", "ann@b.lan")
        let both = drover("attach", "a", "b", "--forward", "8080:localhost:80", expect: 2)
        XCTAssertTrue(both.err.contains("--forward applies to one HOST at a time"), both.err)
    }
}
