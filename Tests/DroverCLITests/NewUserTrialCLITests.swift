import Foundation
import XCTest
import TestSupport
@testable import DroverCLI

/// What a new user met trying Drover from a fresh clone: a route through a jump host is not a
/// twin, the twin message suggests only working changes, doubtful --jump and --identity values
/// get a note, `attach --identity` points to the host entry, usage lines name every option, and
/// the host list shows routes.
final class NewUserTrialCLITests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var env: [String: String] { ["DROVER_HOME": dir.file("root"), "HOME": dir.file("home")] }

    override func setUpWithError() throws { dir = try TemporaryDirectory(prefix: "drover-cli-newuser") }
    override func tearDown() { dir.remove() }

    @discardableResult
    private func drover(_ args: String..., expect status: Int32 = 0,
                        file: StaticString = #filePath, line: UInt = #line) -> CLIHarness {
        CLIHarness.checked(args, environment: env, expect: status, file: file, line: line)
    }

    func testAnEntryThroughAJumpHostIsNotATwinAndTheTwinMessageWorksForACommandEntry() {
        drover("hosts", "add", "demo", "root@127.0.0.1:48163", "--command", "herdr-standin")
        let added = drover("hosts", "add", "demoj", "root@127.0.0.1:48163", "--jump", "demo", "--command", "herdr-standin")
        XCTAssertEqual(added.out, "added demoj: root@127.0.0.1:48163\n")
        XCTAssertEqual(added.err, "", "demo is a registered host: no note")
        let twin = drover("hosts", "add", "again", "root@127.0.0.1:48163", "--command", "herdr-standin", expect: 1)
        XCTAssertTrue(twin.err.contains("is already registered as 'demo'"), twin.err)
        XCTAssertFalse(twin.err.contains("--session"), "a session cannot go beside demo's command: \(twin.err)")
        XCTAssertTrue(twin.err.contains("'drover hosts edit demo --command CMD'"), twin.err)
        // The suggested change works.
        drover("hosts", "edit", "demo", "--command", "herdr-standin2")
        drover("hosts", "add", "again", "root@127.0.0.1:48163", "--command", "herdr-standin")
    }

    func testAJumpHopThatNamesNoHostAndAMissingIdentityFileAreKeptWithANote() throws {
        drover("hosts", "add", "web", "ann@web.lan")
        let jump = drover("hosts", "edit", "web", "--jump", "nosuchhost")
        XCTAssertEqual(jump.out, "updated web: ann@web.lan:22\n")
        XCTAssertTrue(jump.err.hasPrefix("note: 'nosuchhost' is not a registered host, so --jump will use it as a host name"), jump.err)
        XCTAssertEqual(jump.err.filter { $0 == "\n" }.count, 1, "one line: \(jump.err)")
        XCTAssertTrue(drover("hosts", "show", "web").out.contains("nosuchhost"), "kept")
        XCTAssertEqual(drover("hosts", "edit", "web", "--jump", "ann@nosuchhost").err, "", "a user@ hop is clearly an address")
        XCTAssertEqual(drover("hosts", "edit", "web", "--jump", "nosuchhost:22").err, "", "so is a :port hop")

        let missing = drover("hosts", "edit", "web", "--identity", "/nonexistent/key")
        XCTAssertTrue(missing.err.contains("note: the identity file /nonexistent/key does not exist"), missing.err)
        XCTAssertTrue(drover("hosts", "show", "web").out.contains("/nonexistent/key"), "kept")
        let added = drover("hosts", "add", "box", "ann@box.lan", "--identity", "~/.ssh/missing")
        XCTAssertTrue(added.err.contains("identity file ~/.ssh/missing does not exist"), added.err)
        try FileManager.default.createDirectory(atPath: dir.file("home/.ssh"), withIntermediateDirectories: true)
        try Data("k".utf8).write(to: URL(fileURLWithPath: dir.file("home/.ssh/real")))
        XCTAssertEqual(drover("hosts", "edit", "box", "--identity", "~/.ssh/real").err, "", "~/ is the home directory")
    }

    func testAttachIdentityPointsToTheHostEntry() {
        // Issue 28: attach takes -i for this run, as ssh does; only the host is then unknown.
        for option in ["--identity", "-i"] {
            let h = CLIHarness(environment: env)
            XCTAssertEqual(h.run(["attach", "web", option, "k"]), 1)
            XCTAssertTrue(h.err.contains("no host named 'web'"), h.err)
        }
        let other = CLIHarness(environment: env)
        XCTAssertEqual(other.run(["hosts", "list", "--identity"]), 2)
        XCTAssertTrue(other.err.contains("drover: unknown option '--identity'\n"), "no hint where it would not fit: \(other.err)")
    }

    func testUsageLinesNameEveryFieldOption() {
        let add = drover("help", "hosts", "add").out.components(separatedBy: "\n\n")[0]
        for option in ["--jump", "--forward", "--identity", "--predict", "--auth", "--session", "--command"] {
            XCTAssertTrue(add.contains(option), "\(option) in \(add)")
        }
        let edit = drover("help", "hosts", "edit").out.components(separatedBy: "\n\n")[0]
        for option in ["--jump", "--forward", "--identity", "--no-identity", "--predict", "--auth", "--rename"] {
            XCTAssertTrue(edit.contains(option), "\(option) in \(edit)")
        }
    }

    func testHostsListShowsARouteColumnOnlyWhenAHostHasOne() {
        drover("hosts", "add", "a", "u@a.lan")
        XCTAssertEqual(drover("hosts").out, "NAME  ACCOUNT     PLATFORM  SESSION\na     u@a.lan:22  unix      (default)\n")
        drover("hosts", "add", "b", "u@b.lan", "--jump", "a", "--forward", "8080:localhost:80", "--forward", "9090:localhost:90")
        drover("hosts", "add", "c", "u@c.lan", "--forward", "8081:localhost:80", "--session", "s")
        XCTAssertEqual(drover("hosts", "list").out, """
            NAME  ACCOUNT     PLATFORM  SESSION    ROUTE
            a     u@a.lan:22  unix      (default)  -
            b     u@b.lan:22  unix      (default)  via a +2 fwd
            c     u@c.lan:22  unix      s          +1 fwd

            """)
    }
}
