import XCTest
import TestSupport
@testable import DroverCLI

final class HostsCommandTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var env: [String: String] { ["DROVER_HOME": dir.file("root"), "HOME": dir.file("home")] }

    override func setUpWithError() throws { dir = try TemporaryDirectory(prefix: "drover-cli-hosts") }
    override func tearDown() { dir.remove() }

    @discardableResult
    private func drover(_ args: String..., input: [String] = [], expect status: Int32 = 0,
                        file: StaticString = #filePath, line: UInt = #line) -> CLIHarness {
        CLIHarness.checked(args, environment: env, input: input, expect: status, file: file, line: line)
    }

    func testBareDroverShowsHelpWithoutHostsAndTheListWithThem() {
        XCTAssertTrue(drover().out.hasPrefix("usage: drover "))
        drover("hosts", "add", "web", "--host", "web.example.com", "--user", "ada", "--session", "main")
        drover("hosts", "add", "win-box", "--host", "[2001:db8::1]", "--user", "bob", "--port", "2200", "--platform", "windows")
        let table = """
            NAME     ACCOUNT                 PLATFORM  SESSION
            web      ada@web.example.com:22  unix      main
            win-box  bob@[2001:db8::1]:2200  windows   (default)

            """
        XCTAssertEqual(drover().out, table)
        XCTAssertEqual(drover("hosts").out, table)
        XCTAssertEqual(drover("hosts", "list").out, table)
    }

    func testEmptyListSaysHowToAdd() {
        XCTAssertTrue(drover("hosts").out.contains("drover hosts add NAME --host HOST"))
    }

    func testJSONListIsTheFileFormat() throws {
        drover("hosts", "add", "a", "--host", "a.lan", "--user", "u", "--command", "my herdr")
        let out = drover("hosts", "list", "--json").out
        let object = try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any]
        XCTAssertEqual(object?["version"] as? Int, 1)
        let hosts = object?["hosts"] as? [[String: Any]]
        XCTAssertEqual(hosts?.first?["name"] as? String, "a")
        XCTAssertEqual(hosts?.first?["command"] as? String, "my herdr")
        XCTAssertEqual(drover("hosts", "--json").out, out)
    }

    func testAddDefaultsAndShowPrintsTheExactCommand() {
        drover("hosts", "add", "box", "--host", "box.lan")
        let show = drover("hosts", "show", "box").out
        XCTAssertTrue(show.contains("user:      \(TestSSHD.currentUser)\n"), show)
        XCTAssertTrue(show.contains("port:      22\n"), show)
        XCTAssertTrue(show.contains("platform:  unix\n"), show)
        XCTAssertTrue(show.contains("auth:      device-key, agent, password\n"), show)
        XCTAssertTrue(show.hasSuffix("Runs on attach:\n  exec \"$SHELL\" -lc 'herdr'\n  (exec'd by 'sh -c' after it records which sshd serves the connection in ~/.cache/drover-fence)\n"), show)
        drover("hosts", "edit", "box", "--session", "s1", "--platform", "windows")
        XCTAssertTrue(drover("hosts", "show", "box").out.hasSuffix("Runs on attach:\n  herdr session attach s1\n"))
        drover("hosts", "edit", "box", "--command", "cmd /c herdr", "--no-session")
        XCTAssertTrue(drover("hosts", "show", "box").out.hasSuffix("Runs on attach:\n  cmd /c herdr\n"))
        drover("hosts", "edit", "box", "--no-command", "--no-session", "--platform", "unix")
        XCTAssertTrue(drover("hosts", "show", "box").out.hasSuffix("  exec \"$SHELL\" -lc 'herdr'\n  (exec'd by 'sh -c' after it records which sshd serves the connection in ~/.cache/drover-fence)\n"))
    }

    func testReAddingTheSameAccountUnderANewNameIsRefusedWithTheExistingName() {
        drover("hosts", "add", "web", "--host", "web.lan", "--user", "ada", "--port", "2222")
        let h = drover("hosts", "add", "web2", "--host", "WEB.lan", "--user", "ada", "--port", "2222", expect: 1)
        XCTAssertEqual(h.err, "drover: ada@WEB.lan:2222, herdr's default session is already registered as 'web'. "
                       + "Give a different --session or --jump for another entry on that computer, "
                       + "change that one with 'drover hosts edit web --session S', or remove it with 'drover hosts rm web' first.\n")
        drover("hosts", "add", "web", "--host", "other.lan", expect: 1)
    }

    func testInvalidFieldsNameTheField() {
        XCTAssertTrue(drover("hosts", "add", "-x", "--host", "h", expect: 2).err.contains("unknown option '-x'"))
        XCTAssertTrue(drover("hosts", "add", ".x", "--host", "h", expect: 1).err.contains("drover: name '.x' is not allowed"))
        XCTAssertTrue(drover("hosts", "add", "x", "--host", "h", "--session", "..", expect: 1).err.contains("session '..' is not allowed"))
        XCTAssertTrue(drover("hosts", "add", "x", "--host", "bad host", expect: 1).err.contains("hostname 'bad host' is not allowed"))
        XCTAssertTrue(drover("hosts", "add", "x", "--host", "h", "--port", "0", expect: 2).err.contains("--port must be a whole number"))
        XCTAssertTrue(drover("hosts", "add", "x", "--host", "h", "--platform", "vms", expect: 2).err.contains("unix or windows"))
        XCTAssertTrue(drover("hosts", "add", "x", "--host", "h", "--auth", "agent,magic", expect: 2).err.contains("not 'magic'"))
        XCTAssertTrue(drover("hosts", "add", "x", expect: 2).err.contains("missing the address: give [USER@]HOST[:PORT] after the name, --host HOST, "
                                                                      + "or --ssh-config NAME to follow a Host of ~/.ssh/config"))
        XCTAssertEqual(drover("hosts", "list", "--json").out.contains("\"name\""), false, "nothing was added")
    }

    func testEditRenamesAndRefusesConflictsAndEmptyEdits() {
        drover("hosts", "add", "a", "--host", "a.lan")
        drover("hosts", "add", "b", "--host", "b.lan")
        XCTAssertTrue(drover("hosts", "edit", "a", "--rename", "b", expect: 1).err.contains("a host named 'b' already exists"))
        XCTAssertTrue(drover("hosts", "edit", "a", "--host", "b.lan", expect: 1).err.contains("already registered as 'b'"))
        XCTAssertTrue(drover("hosts", "edit", "a", expect: 2).err.contains("nothing to change"))
        XCTAssertTrue(drover("hosts", "edit", "a", "--session", "s", "--no-session", expect: 2).err.contains("not both"))
        XCTAssertTrue(drover("hosts", "edit", "zz", "--port", "3", expect: 1).err.contains("no host named 'zz'"))
        drover("hosts", "edit", "a", "--rename", "c", "--port", "2022")
        XCTAssertTrue(drover("hosts", "show", "c").out.contains("port:      2022\n"))
        drover("hosts", "show", "a", expect: 1)
    }

    // MARK: rm and pinned keys

    private func pinKey(host: String, port: Int) throws -> String {
        let key = dir.file("pin-\(UUID().uuidString)")
        try Shell.run("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", key])
        let parts = try String(contentsOfFile: key + ".pub", encoding: .utf8).split(separator: " ")
        let line = "\(port == 22 ? host : "[\(host)]:\(port)") \(parts[0]) \(parts[1])\n"
        let path = dir.file("root/known_hosts")
        let existing = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        try (existing + line).write(toFile: path, atomically: true, encoding: .utf8)
        return line
    }

    private var knownHosts: String { (try? String(contentsOfFile: dir.file("root/known_hosts"), encoding: .utf8)) ?? "" }

    func testRemoveWithForgetKeyForgetsThePinWithoutAsking() throws {
        drover("hosts", "add", "web", "--host", "web.lan", "--port", "2222")
        let other = try pinKey(host: "other.lan", port: 2222)
        _ = try pinKey(host: "web.lan", port: 2222)
        let h = drover("hosts", "rm", "web", "--forget-key")
        XCTAssertTrue(h.out.contains("forgot the pinned host key for [web.lan]:2222"), h.out)
        XCTAssertEqual(h.err, "", "no question asked")
        XCTAssertEqual(knownHosts, other)
        drover("hosts", "show", "web", expect: 1)
    }

    func testRemoveAsksAndKeepsThePinOnNo() throws {
        drover("hosts", "add", "web", "--host", "web.lan", "--port", "2222")
        let pin = try pinKey(host: "web.lan", port: 2222)
        let h = drover("hosts", "rm", "web", input: ["n"])
        XCTAssertTrue(h.err.contains("Also forget the pinned host key for [web.lan]:2222 (SHA256:"), h.err)
        XCTAssertTrue(h.out.contains("kept the pinned host key for [web.lan]:2222"), h.out)
        XCTAssertEqual(knownHosts, pin)
    }

    func testRemoveAsksAndForgetsOnYes() throws {
        drover("hosts", "add", "web", "--host", "web.lan")
        _ = try pinKey(host: "web.lan", port: 22)
        XCTAssertTrue(drover("hosts", "rm", "web", input: ["yes"]).out.contains("forgot the pinned host key for web.lan"))
        XCTAssertEqual(knownHosts, "")
    }

    func testRemoveKeepsAPinAnotherHostStillUses() throws {
        drover("hosts", "add", "web", "--host", "web.lan", "--user", "a")
        drover("hosts", "add", "web-b", "--host", "web.lan", "--user", "b")
        let pin = try pinKey(host: "web.lan", port: 22)
        let h = drover("hosts", "rm", "web", "--forget-key")
        XCTAssertTrue(h.out.contains("kept the pinned host key for web.lan: host 'web-b' uses the same address"), h.out)
        XCTAssertEqual(knownHosts, pin)
    }

    func testRemoveWithoutPinAsksNothing() {
        drover("hosts", "add", "web", "--host", "web.lan")
        let h = drover("hosts", "rm", "web", input: ["y"])
        XCTAssertEqual(h.out, "removed web (\(TestSSHD.currentUser)@web.lan:22)\n")
        XCTAssertEqual(h.err, "")
        drover("hosts", "rm", "web", expect: 1)
    }
}
