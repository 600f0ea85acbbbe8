import XCTest
import TestSupport
import LibC

/// The built `drover` against a hostile DROVER_HOME: an unsafe directory or file is refused
/// with the command that fixes it, and text from files never reaches the terminal raw.
final class HostileInputCLITests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var home: String { dir.file("root") }

    override func setUpWithError() throws {
        dir = try TemporaryDirectory(prefix: "drover-hostile-cli")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
    }

    override func tearDown() { dir.remove() }

    /// Any C0, C1 or bidi control (the newlines of the output itself aside).
    private func hasRawControls(_ text: String) -> Bool {
        text.unicodeScalars.contains { s in
            let v = s.value
            return (v < 0x20 && v != 0x0a) || (0x7f...0x9f).contains(v) || (0x202a...0x202e).contains(v) || (0x2066...0x2069).contains(v)
        }
    }

    func testWorldWritableDroverHomeIsRefusedWithTheChmodToRun() throws {
        chmod(home, 0o777)
        for args in [["hosts", "list"], ["hosts", "add", "web", "--host", "web.lan"], ["pins"]] {
            let r = try DroverBinary.run(args, home: home)
            XCTAssertEqual(r.status, 1, "drover \(args): \(r.stdout)")
            XCTAssertEqual(r.stderr, "drover: \(home): can be changed by other users (mode 777), so Drover does not trust it. Run 'chmod 700 \(home)' and try again.\n")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: home), [], "nothing was written")
        chmod(home, 0o700)
        XCTAssertEqual(try DroverBinary.run(["hosts", "add", "web", "--host", "web.lan"], home: home).status, 0)
    }

    func testForeignOwnedFilesAreRefusedWithTheChownToRun() throws {
        XCTAssertEqual(try DroverBinary.run(["hosts", "add", "web", "--host", "web.lan"], home: home).status, 0)
        let path = home + "/hosts.json"
        XCTAssertEqual(chown(path, 65534, 65534), 0)
        let r = try DroverBinary.run(["hosts", "list"], home: home)
        XCTAssertEqual(r.status, 1)
        let fix = geteuid() == 0 ? "chown root \(path)" : "sudo chown"
        XCTAssertTrue(r.stderr.hasPrefix("drover: \(path): belongs to another user (uid 65534), so Drover does not trust it. Run '\(fix)"), r.stderr)
        XCTAssertEqual(chown(home, 65534, 65534), 0)
        let dirResult = try DroverBinary.run(["hosts", "list"], home: home)
        XCTAssertTrue(dirResult.stderr.hasPrefix("drover: \(home): belongs to another user (uid 65534)"), dirResult.stderr)
    }

    func testRegistryLinkedToADeviceIsRefusedAndNotCopied() throws {
        XCTAssertEqual(symlink("/dev/null", home + "/hosts.json"), 0)
        let r = try DroverBinary.run(["hosts", "list"], home: home)
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.hasPrefix("drover: \(home)/hosts.json: is not a regular file (it is a character device)."), r.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: home), ["hosts.json"])
    }

    func testShowAndListEscapeControlsFromTheRegistry() throws {
        let command = "herdr\u{1b}]0;pwned\u{07}\u{9b}2J\u{202e}"
        let file = try JSONSerialization.data(withJSONObject: [
            "version": 1, "hosts": [["name": "web", "hostname": "web.lan", "user": "me", "command": command]],
        ])
        try file.write(to: URL(fileURLWithPath: home + "/hosts.json"))
        chmod(home + "/hosts.json", 0o600)

        let show = try DroverBinary.run(["hosts", "show", "web"], home: home)
        XCTAssertEqual(show.status, 0, show.stderr)
        XCTAssertFalse(hasRawControls(show.stdout), show.stdout)
        XCTAssertTrue(show.stdout.contains("herdr\\u{1b}]0;pwned\\u{7}\\u{9b}2J\\u{202e}"), show.stdout)

        let json = try DroverBinary.run(["hosts", "list", "--json"], home: home)
        XCTAssertEqual(json.status, 0, json.stderr)
        XCTAssertFalse(hasRawControls(json.stdout), json.stdout)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let hosts = object?["hosts"] as? [[String: Any]]
        XCTAssertEqual(hosts?.first?["command"] as? String, command, "the JSON still says exactly what the file says")
    }

    func testErrorQuotingAFileIsEscaped() throws {
        let file = #"{"version": 1, "hosts": [{"name": "web", "hostname": "web.lan", "user": "\u009b2J\u202eroot"}]}"#
        try Data(file.utf8).write(to: URL(fileURLWithPath: home + "/hosts.json"))
        chmod(home + "/hosts.json", 0o600)
        let list = try DroverBinary.run(["hosts", "list"], home: home)
        XCTAssertEqual(list.status, 0, list.stderr)
        XCTAssertFalse(hasRawControls(list.stderr + list.stdout), list.stdout)
        XCTAssertTrue(list.stdout.contains("user '\\u{9b}2J\\u{202e}root' is not allowed"), list.stdout)
        let r = try DroverBinary.run(["attach", "web"], home: home)
        XCTAssertEqual(r.status, 1, r.stdout)
        XCTAssertFalse(hasRawControls(r.stderr + r.stdout), r.stderr)
        XCTAssertTrue(r.stderr.contains("user '\\u{9b}2J\\u{202e}root' is not allowed"), r.stderr)
    }

    func testImportNotesAreEscaped() throws {
        let config = dir.file("ssh_config")
        try "Host web*\u{1b}[2J\u{9b}31m\n  HostName web.lan\nHost ok\n  HostName ok.lan\n".write(toFile: config, atomically: true, encoding: .utf8)
        let r = try DroverBinary.run(["hosts", "import-ssh-config", config], home: home)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertFalse(hasRawControls(r.stdout + r.stderr), r.stdout)
        XCTAssertTrue(r.stdout.contains("web*\\u{1b}[2J\\u{9b}31m"), r.stdout)
    }
}
