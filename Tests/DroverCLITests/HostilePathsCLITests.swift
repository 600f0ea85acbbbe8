import XCTest
import TestSupport
import LibC

/// Issue 30's smaller path findings, on the built `drover`: a device key that is a link (to
/// /dev/zero) is refused with advice that changes nothing it points to, and a DROVER_HOME whose
/// parent other users can write without the sticky bit is refused with the command that fixes it.
final class HostilePathsCLITests: XCTestCase {
    private var dir: TemporaryDirectory!

    override func setUpWithError() throws {
        dir = try TemporaryDirectory(prefix: "drover-hostile-paths")
    }

    override func tearDown() {
        chmod(dir.file("open"), 0o700)
        dir.remove()
    }

    func testADeviceKeyLinkedToDevZeroIsRefusedWithoutAChmod() throws {
        let home = dir.file("root")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        XCTAssertEqual(symlink("/dev/zero", home + "/device_ed25519"), 0)
        let r = try DroverBinary.run(["key"], home: home)
        XCTAssertEqual(r.status, 1, r.stdout)
        XCTAssertEqual(r.stderr, "drover: \(home)/device_ed25519 is not a regular file (it is a symbolic link), so Drover does not "
                       + "use it as its device key and changes nothing it points to. Move it away ('mv \(home)/device_ed25519 "
                       + "\(home)/device_ed25519.moved') and Drover makes a new device key, or put the key file itself there.\n")
        XCTAssertFalse(r.stderr.contains("chmod"), r.stderr)
    }

    func testAParentWritableByOthersWithoutTheStickyBitIsRefusedWithTheExactFix() throws {
        let open = dir.file("open"), home = open + "/root"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        XCTAssertEqual(chmod(open, 0o777), 0)
        for args in [["hosts", "list"], ["hosts", "add", "web", "--host", "web.lan"]] {
            let r = try DroverBinary.run(args, home: home)
            XCTAssertEqual(r.status, 1, "drover \(args): \(r.stdout)")
            XCTAssertEqual(r.stderr, "drover: \(open): other users can write in it without the sticky bit (mode 777), so they "
                           + "could replace \(home) inside it, and Drover does not trust it. Run 'chmod o-w \(open)' and try again.\n")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: home), [], "nothing was written")
        XCTAssertEqual(chmod(open, 0o1777), 0, "with the sticky bit, as /tmp has, it is trusted")
        XCTAssertEqual(try DroverBinary.run(["hosts", "list"], home: home).status, 0)
        XCTAssertEqual(chmod(open, 0o777), 0)
        XCTAssertEqual(try Shell.execute("/bin/sh", ["-c", "chmod o-w '\(open)'"]).status, 0, "the fix as given")
        XCTAssertEqual(try DroverBinary.run(["hosts", "add", "web", "--host", "web.lan"], home: home).status, 0)
    }
}
