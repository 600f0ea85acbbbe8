import XCTest
import TestSupport
@testable import DroverCLI

/// `drover hosts add NAME [USER@]HOST[:PORT]` and several entries for one computer (issue 9
/// items 3, 4 and 13).
final class HostsAddCommandTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var env: [String: String] { ["DROVER_HOME": dir.file("root"), "HOME": dir.file("home")] }

    override func setUpWithError() throws { dir = try TemporaryDirectory(prefix: "drover-cli-hostsadd") }
    override func tearDown() { dir.remove() }

    @discardableResult
    private func drover(_ args: String..., expect status: Int32 = 0,
                        file: StaticString = #filePath, line: UInt = #line) -> CLIHarness {
        CLIHarness.checked(args, environment: env, expect: status, file: file, line: line)
    }

    func testTheAddressIsWrittenAsForAttach() {
        XCTAssertEqual(drover("hosts", "add", "mac", "ann@mac.lan:2222").out, "added mac: ann@mac.lan:2222\n")
        XCTAssertEqual(drover("hosts", "add", "pi", "pi.lan").out, "added pi: \(TestSSHD.currentUser)@pi.lan:22\n")
        XCTAssertEqual(drover("hosts", "add", "v6", "root@[2001:db8::1]:2200", "--session", "s").out,
                       "added v6: root@[2001:db8::1]:2200\n")
        XCTAssertEqual(drover("hosts", "add", "v6b", "root@::1").out, "added v6b: root@[::1]:22\n")
        XCTAssertEqual(drover("hosts", "add", "same", "ann@same.lan:2222", "--host", "SAME.lan", "--user", "ann",
                              "--port", "2222").out, "added same: ann@SAME.lan:2222\n", "agreeing parts given twice are fine")
        XCTAssertTrue(drover("hosts", "show", "mac").out.contains("port:      2222\n"))
    }

    func testConflictingOrMalformedPartsAreRefusedAndNothingIsAdded() {
        let cases: [([String], String)] = [
            (["a", "ann@a.lan", "--host", "b.lan"], "'ann@a.lan' names host a.lan but --host says b.lan; give the host once"),
            (["a", "ann@a.lan", "--user", "bob"], "'ann@a.lan' names user ann but --user says bob; give the user once"),
            (["a", "a.lan:22", "--port", "2222"], "'a.lan:22' names port 22 but --port says 2222; give the port once"),
            (["a", "a.lan:http"], "the port in 'a.lan:http' must be a number from 1 to 65535"),
            (["a", "@a.lan"], "'@a.lan' has no user name before '@'"),
            (["a", "[::1"], "'[::1' is missing its closing ']'"),
            (["a", "a.lan", "extra"], "unexpected argument 'extra'"),
            (["ann@a.lan"], "missing NAME: give a name before the address, e.g. 'drover hosts add web ann@a.lan'"),
        ]
        for (args, message) in cases {
            let h = CLIHarness(environment: env)
            XCTAssertEqual(h.run(["hosts", "add"] + args), 2, "\(args): \(h.err)")
            XCTAssertTrue(h.err.contains(message), "\(args): \(h.err)")
        }
        XCTAssertEqual(drover("hosts", "list", "--json").out.contains("\"name\""), false, "nothing was added")
    }

    func testOneComputerMayHaveAnEntryPerSessionButNoExactTwin() {
        drover("hosts", "add", "mac-work", "ann@mac.lan", "--session", "work")
        drover("hosts", "add", "mac-play", "ann@mac.lan", "--session", "play")
        drover("hosts", "add", "mac", "ann@mac.lan")
        XCTAssertEqual(drover("hosts").out, """
            NAME      ACCOUNT         PLATFORM  SESSION
            mac       ann@mac.lan:22  unix      (default)
            mac-play  ann@mac.lan:22  unix      play
            mac-work  ann@mac.lan:22  unix      work

            """)
        let twin = drover("hosts", "add", "again", "ann@MAC.lan", "--session", "play", expect: 1)
        XCTAssertTrue(twin.err.contains("ann@MAC.lan:22, herdr session 'play' is already registered as 'mac-play'"), twin.err)
        let edit = drover("hosts", "edit", "mac-work", "--session", "play", expect: 1)
        XCTAssertTrue(edit.err.contains("is already registered as 'mac-play'"), edit.err)
        drover("hosts", "edit", "mac-work", "--session", "work2")
    }

    /// herdr would take a session named `-x` or `--help` for its own option.
    func testSessionNamesStartingWithADashAreRefusedInAddAndEdit() {
        for args in [["hosts", "add", "a", "a.lan", "--session", "-x"], ["hosts", "add", "a", "a.lan", "--session=--help"]] {
            let h = CLIHarness(environment: env)
            XCTAssertEqual(h.run(args), 1, h.err)
            XCTAssertTrue(h.err.contains("is not allowed: a herdr session name is 1-64 characters"), h.err)
            XCTAssertTrue(h.err.contains("not starting with '-'"), h.err)
        }
        drover("hosts", "add", "a", "a.lan", "--session", "ok")
        XCTAssertTrue(drover("hosts", "edit", "a", "--session", "-x", expect: 1).err.contains("session '-x' is not allowed"))
        XCTAssertTrue(drover("hosts", "show", "a").out.contains("session:   ok\n"))
    }

    func testHelpShowsBothAddressForms() {
        let help = drover("help", "hosts", "add").out
        XCTAssertTrue(help.hasPrefix("usage: drover hosts add NAME [USER@]HOST[:PORT]"), help)
        XCTAssertTrue(help.contains("drover hosts add NAME --host HOST"), help)
        XCTAssertTrue(help.contains("--session work"), help)
    }

    /// Issue 32: `--host-key-file` names the .pub file the trust question points at; `hosts
    /// show` lists it, `hosts edit --no-host-key-file` forgets it, and a relative path is refused.
    func testAHostKeyFileIsKeptShownAndForgotten() {
        drover("hosts", "add", "lab", "ann@127.0.0.1:2222", "--host-key-file", "/srv/lab/ssh_host_ed25519_key.pub")
        XCTAssertTrue(drover("hosts", "show", "lab").out.contains("/srv/lab/ssh_host_ed25519_key.pub (on the host; the trust question names it)"))
        drover("hosts", "edit", "lab", "--no-host-key-file")
        XCTAssertFalse(drover("hosts", "show", "lab").out.contains("host key file"))
        let bad = drover("hosts", "edit", "lab", "--host-key-file", "key.pub", expect: 2)
        XCTAssertTrue(bad.err.contains("--host-key-file: "), bad.err)
        XCTAssertTrue(bad.err.contains("absolute path"), bad.err)
    }
}
