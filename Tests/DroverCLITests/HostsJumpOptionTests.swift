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

/// Review fixes on issue 13's options: a relative `--identity` is stored absolute (attach runs
/// from anywhere), `hosts edit`'s usage names every field option, `attach --forward-public`
/// alone is a usage error instead of being ignored.
final class HostsIdentityPathTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var env: [String: String] { ["DROVER_HOME": dir.file("root"), "HOME": dir.file("home")] }

    override func setUpWithError() throws { dir = try TemporaryDirectory(prefix: "drover-cli-identity") }
    override func tearDown() { dir.remove() }

    func testARelativeIdentityIsStoredAbsoluteAndTildeOthersIsRefused() {
        CLIHarness.checked(["hosts", "add", "web", "ann@web.lan", "--identity", "keys/./id_work", "--identity", "~/.ssh/id_a",
                            "--identity", "/etc/k"], environment: env)
        let cwd = FileManager.default.currentDirectoryPath
        let show = CLIHarness.checked(["hosts", "show", "web"], environment: env).out
        XCTAssertTrue(show.contains("identity:  \(cwd)/keys/id_work, ~/.ssh/id_a, /etc/k"), show)
        let bad = CLIHarness.checked(["hosts", "edit", "web", "--identity", "~bob/key"], environment: env, expect: 2)
        XCTAssertTrue(bad.err.contains("only ~/ is expanded"), bad.err)
    }

    func testEditUsageNamesTheIssue13OptionsAndForwardPublicAloneIsRefused() {
        let help = CLIHarness.checked(["help", "hosts", "edit"], environment: env).out
        for option in ["--identity FILE", "--no-identity", "--ssh-known-hosts", "--no-ssh-known-hosts", "--predict"] {
            XCTAssertTrue(help.contains(option), "\(option): \(help)")
        }
        let attach = CLIHarness.checked(["attach", "ann@web.lan", "--forward-public"], environment: env, expect: 2)
        XCTAssertTrue(attach.err.contains("--forward-public goes with --forward"), attach.err)
    }
}
