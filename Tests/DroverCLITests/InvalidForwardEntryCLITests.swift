import XCTest
import TestSupport
import Files
@testable import DroverCLI

/// Issue 30: one forward with a public bind address, written into hosts.json by hand (without
/// forwardPublic), sets aside only its own entry, with the fix; the rest of the registry works.
final class InvalidForwardEntryCLITests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var env: [String: String] { ["DROVER_HOME": dir.file("root"), "HOME": dir.file("home")] }

    override func setUpWithError() throws {
        dir = try TemporaryDirectory(prefix: "drover-cli-forward")
        try FileManager.default.createDirectory(atPath: dir.file("root"), withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let file = #"{"version": 1, "hosts": [{"name": "web", "hostname": "web.lan", "user": "ada"}, "#
            + #"{"name": "db", "hostname": "db.lan", "user": "u", "forward": ["0.0.0.0:8080:localhost:80"]}]}"#
        try AtomicFile.write(Data(file.utf8), to: dir.file("root") + "/hosts.json", mode: 0o600)
    }

    override func tearDown() { dir.remove() }

    func testOnlyTheEntryWithThePublicForwardIsSetAsideAndItsFixesWork() {
        let list = CLIHarness.checked(["hosts", "list"], environment: env, expect: 0).out
        XCTAssertTrue(list.hasPrefix("NAME  ACCOUNT         PLATFORM  SESSION\nweb   ada@web.lan:22  unix      (default)\n"), list)
        XCTAssertTrue(list.contains("db (INVALID): forward '0.0.0.0:8080:localhost:80' is not allowed: it would listen on "
                                    + "an address other computers can reach"), list)
        XCTAssertTrue(list.contains("'drover hosts edit db --forward 127.0.0.1:LPORT:HOST:RPORT' or "
                                    + "'drover hosts edit db --forward-public'"), list)
        let attach = CLIHarness.checked(["attach", "db"], environment: env, expect: 1).err
        XCTAssertTrue(attach.contains("'drover hosts edit db --forward-public'"), attach)
        CLIHarness.checked(["hosts", "edit", "db", "--forward", "127.0.0.1:8080:localhost:80"], environment: env, expect: 0)
        let fixed = CLIHarness.checked(["hosts", "list"], environment: env, expect: 0).out
        XCTAssertFalse(fixed.contains("INVALID"), fixed)
    }
}
