import LibC
import Foundation
import XCTest
@testable import Files

/// DROVER_HOME and the files in it are checked, not trusted. The suite runs as root, which
/// ignores permission bits, so "another user" is uid 65534 (nobody) set with chown.
final class FileSafetyTests: XCTestCase {
    var dir: String!
    let nobody: uid_t = 65534

    override func setUpWithError() throws {
        dir = (NSTemporaryDirectory() as NSString).appendingPathComponent("drover-safety-\(UUID().uuidString.prefix(8))")
        try Directory.ensure(dir, mode: 0o700)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    /// The chown a person would run: as root `chown root`, else `sudo chown NAME`.
    private func expectedChown(_ path: String) -> String {
        geteuid() == 0 ? "chown root \(path)" : "sudo chown \(FileSafety.userName(geteuid())) \(path)"
    }

    private func message(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch {
            return "\(error)"
        }
    }

    func testWorldWritableRootIsRefusedWithTheChmodToRun() throws {
        let root = DroverRoot(path: dir + "/home")
        try root.ensureExists()
        try AtomicFile.write("[]", to: root.file("hosts.json"))
        chmod(root.path, 0o777)
        for attempt in [{ try root.ensureExists() }, { _ = try AtomicFile.readTrusted(root.file("hosts.json")) }] {
            let text = message(attempt)
            XCTAssertEqual(text, "\(root.path): can be changed by other users (mode 777), so Drover does not trust it. Run 'chmod 700 \(root.path)' and try again.")
        }
        chmod(root.path, 0o700)
        XCTAssertNoThrow(try root.ensureExists())
    }

    func testGroupWritableRootIsRefusedEvenWhenOnlyTheFileIsAsked() throws {
        let root = DroverRoot(path: dir + "/g")
        try root.ensureExists()
        chmod(root.path, 0o770)
        XCTAssertNotNil(message { _ = try AtomicFile.readTrusted(root.file("absent")) }, "a missing file in an unsafe directory is refused too")
    }

    func testForeignOwnedRootIsRefusedWithTheChownToRun() throws {
        let root = DroverRoot(path: dir + "/with space")
        try root.ensureExists()
        XCTAssertEqual(chown(root.path, nobody, gid_t(nobody)), 0)
        let quoted = "'\(root.path)'"
        XCTAssertEqual(message { try root.ensureExists() },
                       "\(root.path): belongs to another user (uid 65534), so Drover does not trust it. Run '\(expectedChown(quoted))' and try again.")
        chmod(root.path, 0o777)
        let both = message { try root.ensureExists() } ?? ""
        XCTAssertTrue(both.contains("Run '\(expectedChown(quoted))' and then 'chmod 700 \(quoted)'"), both)
    }

    func testUnsafeFilesAreRefusedWithTheFixAndPlainReadsStillWork() throws {
        let path = dir + "/known_hosts"
        try AtomicFile.write("x\n", to: path, mode: 0o644)
        XCTAssertEqual(try AtomicFile.readTrusted(path), Data("x\n".utf8), "0644 is fine: nobody else can write it")
        chmod(path, 0o664)
        XCTAssertEqual(message { _ = try AtomicFile.readTrusted(path) },
                       "\(path): can be changed by other users (mode 664), so Drover does not trust it. Run 'chmod go-w \(path)' and try again.")
        chmod(path, 0o600)
        XCTAssertEqual(chown(path, nobody, gid_t(nobody)), 0)
        XCTAssertEqual(message { _ = try AtomicFile.readTrusted(path) },
                       "\(path): belongs to another user (uid 65534), so Drover does not trust it. Run '\(expectedChown(path))' and try again.")
        XCTAssertEqual(try AtomicFile.read(path), Data("x\n".utf8), "files Drover does not keep (replays, ssh config) are not held to this")
    }

    func testForeignOwnedOrLooseLockFileIsRefused() throws {
        let lock = dir + "/hosts.json.lock"
        try FileLock.withExclusiveLock(lock) {}
        chmod(lock, 0o666)
        XCTAssertTrue(message { try FileLock.withExclusiveLock(lock) {} }?.contains("chmod go-w \(lock)") == true)
        chmod(lock, 0o600)
        XCTAssertEqual(chown(lock, nobody, gid_t(nobody)), 0)
        var ran = false
        let text = message { try FileLock.withExclusiveLock(lock) { ran = true } }
        XCTAssertTrue(text?.contains(expectedChown(lock)) == true, text ?? "no error")
        XCTAssertFalse(ran)
    }

    func testShellQuotingOfAdvicePaths() {
        XCTAssertEqual(FileSafety.shellQuoted("/root/.config/drover"), "/root/.config/drover")
        XCTAssertEqual(FileSafety.shellQuoted("/tmp/a b"), "'/tmp/a b'")
        XCTAssertEqual(FileSafety.shellQuoted("/tmp/it's"), "'/tmp/it'\\''s'")
    }
}
