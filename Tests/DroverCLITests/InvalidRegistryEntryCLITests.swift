import XCTest
import TestSupport
import Files
@testable import DroverCLI

/// The new-user trial: one entry an older Drover accepted must not lock out the registry, and
/// add/edit refuse what would make a broken or twin entry.
final class InvalidRegistryEntryCLITests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var env: [String: String] { ["DROVER_HOME": dir.file("root"), "HOME": dir.file("home")] }
    private var hostsPath: String { dir.file("root") + "/hosts.json" }
    private let dashRaw = #"{"name": "dash", "hostname": "dash.lan", "user": "u", "session": "-rf\u009b"}"#

    override func setUpWithError() throws {
        dir = try TemporaryDirectory(prefix: "drover-cli-invalid")
        try FileManager.default.createDirectory(atPath: dir.file("root"), withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let file = #"{"version": 1, "hosts": [{"name": "web", "hostname": "web.lan", "user": "ada"}, "# + dashRaw + "]}"
        try AtomicFile.write(Data(file.utf8), to: hostsPath, mode: 0o600)
    }

    override func tearDown() { dir.remove() }

    @discardableResult
    private func drover(_ args: String..., expect status: Int32 = 0,
                        file: StaticString = #filePath, line: UInt = #line) -> CLIHarness {
        CLIHarness.checked(args, environment: env, expect: status, file: file, line: line)
    }

    func testListShowAndAttachNameTheProblemAndTheFix() {
        let list = drover("hosts", "list").out
        XCTAssertTrue(list.hasPrefix("NAME  ACCOUNT         PLATFORM  SESSION\nweb   ada@web.lan:22  unix      (default)\n\n"), list)
        XCTAssertTrue(list.contains(#"dash (INVALID): session '-rf\u{9b}' is not allowed"#), list)
        XCTAssertTrue(list.contains("'drover hosts edit dash --no-session'"), list)
        let show = drover("hosts", "show", "dash").out
        XCTAssertTrue(show.hasPrefix(#"problem:  session '-rf\u{9b}' is not allowed"#), show)
        XCTAssertTrue(show.contains("hostname:  dash.lan"), show)
        let attach = drover("attach", "dash", expect: 1).err
        XCTAssertTrue(attach.contains("'drover hosts edit dash --session S' or 'drover hosts edit dash --no-session', "
                                      + "or remove it with 'drover hosts rm dash'"), attach)
        XCTAssertTrue(drover("attach", "nosuch", expect: 1).err.contains("no host named 'nosuch'. Known hosts: web"),
                      "attaching another name reads the registry")
        for output in [list, show, attach] { XCTAssertFalse(output.unicodeScalars.contains { $0.value == 0x9b }) }
        let json = drover("hosts", "list", "--json").out
        XCTAssertTrue(json.contains(#""session": "-rf\u009b""#), json)
    }

    func testTheFixesTheMessageNamesWork() throws {
        drover("hosts", "edit", "dash", "--session", "-still", expect: 1)
        XCTAssertEqual(drover("hosts", "edit", "dash", "--no-session").out, "updated dash: u@dash.lan:22\n")
        XCTAssertTrue(drover("hosts", "list").out.contains("dash  u@dash.lan:22   unix      (default)\nweb "))
        dir.remove()
        try setUpWithError()
        XCTAssertTrue(drover("hosts", "rm", "dash").out.hasPrefix("removed dash (an entry that could not be used: "))
        XCTAssertEqual(drover("hosts", "list").out, "NAME  ACCOUNT         PLATFORM  SESSION\nweb   ada@web.lan:22  unix      (default)\n")
    }

    /// An entry whose own name breaks the rules is reached by its exact name, after `--`, as the fix says.
    func testAnEntryWithABadNameIsFixedOrRemovedByItsExactName() throws {
        let file = #"{"version": 1, "hosts": [{"name": "-x y", "hostname": "x.lan", "user": "u"}, {"name": "-z", "hostname": "z.lan"}]}"#
        try AtomicFile.write(Data(file.utf8), to: hostsPath, mode: 0o600)
        let list = drover("hosts", "list").out
        XCTAssertTrue(list.contains("'drover hosts edit --rename NEW -- '-x y'', or remove it with 'drover hosts rm -- '-x y''"), list)
        drover("hosts", "rm", "--", "-x", expect: 1)
        XCTAssertTrue(drover("hosts", "rm", "--", "-x y").out.hasPrefix("removed -x y ("))
        XCTAssertEqual(drover("hosts", "edit", "--rename", "z", "--", "-z").out, "updated -z (now z): \(TestSSHD.currentUser)@z.lan:22\n")
        XCTAssertTrue(drover("hosts", "list").out.hasPrefix("NAME  ACCOUNT"))
        XCTAssertFalse(drover("hosts", "list").out.contains("INVALID"))
    }

    func testChangingAnotherHostKeepsTheInvalidEntryByteForByte() throws {
        drover("hosts", "add", "new", "me@new.lan")
        drover("hosts", "rm", "web")
        let text = String(decoding: try XCTUnwrap(FileManager.default.contents(atPath: hostsPath)), as: UTF8.self)
        XCTAssertTrue(text.contains(dashRaw), text)
    }

    func testWhitespaceInAUserNameIsRefused() {
        XCTAssertTrue(drover("hosts", "add", "sp", "e e@h.lan", expect: 1).err.contains("user 'e e' is not allowed"))
        drover("hosts", "add", "sp", "h.lan", "--user", "e\te", expect: 1)
    }

    func testASessionWithACommandIsRefusedInAddAndEdit() {
        let add = drover("hosts", "add", "d2", "u@h.lan:2222", "--session", "other", "--command", "herdr", expect: 1).err
        XCTAssertTrue(add.contains("cannot have both a herdr session and a command"), add)
        XCTAssertTrue(add.contains("Put the session in the command itself, or leave out --command"), add)
        drover("hosts", "add", "d1", "u@h.lan:2222", "--command", "herdr")
        drover("hosts", "edit", "d1", "--session", "s", expect: 1)
        drover("hosts", "add", "d3", "u@h.lan:2222", "--session", "s")
        drover("hosts", "edit", "d3", "--command", "herdr x", expect: 1)
        drover("hosts", "edit", "d3", "--command", "herdr x", "--no-session")
    }

    func testAttachHelpStatesTheRanges() {
        let help = drover("attach", "--help").out
        XCTAssertTrue(help.contains("wait at most SECONDS (1-600)"), help)
        XCTAssertTrue(help.contains("every SECONDS (1-600)"), help)
    }
}
