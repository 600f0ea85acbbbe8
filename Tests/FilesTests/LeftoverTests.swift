import LibC
import Foundation
import XCTest
@testable import Files

/// Temp files of killed writes are swept by the next write of the same file, and nothing
/// that may still be in use is: a locked temp file, a fresh one, another file's, or a name
/// Drover would not make.
final class LeftoverTests: XCTestCase {
    var dir: String!

    override func setUpWithError() throws {
        dir = (NSTemporaryDirectory() as NSString).appendingPathComponent("drover-leftovers-\(UUID().uuidString.prefix(8))")
        try Directory.ensure(dir, mode: 0o700)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    /// A file as a killed write leaves it, last changed an hour ago.
    private func leftover(_ name: String, age: TimeInterval = 3600) throws {
        let path = dir + "/" + name
        try Data("half".utf8).write(to: URL(fileURLWithPath: path))
        let then = Date().addingTimeInterval(-age).timeIntervalSince1970
        var times = [timeval(tv_sec: Int(then), tv_usec: 0), timeval(tv_sec: Int(then), tv_usec: 0)]
        XCTAssertEqual(utimes(path, &times), 0)
    }

    func testWriteRemovesOnlyItsOwnUnlockedStaleTempFiles() throws {
        try leftover(".hosts.json.AbC123")
        try leftover(".hosts.json.zz9ZZ9")
        try leftover(".hosts.json.Fresh1", age: 0)
        try leftover(".hosts.json.Lockd1")
        try leftover(".hosts.json.toolong7")
        try leftover(".hosts.json.ab-123")
        try leftover(".known_hosts.AbC123")
        try leftover("hosts.json.AbC123")
        XCTAssertEqual(symlink(dir + "/.hosts.json.Lockd1", dir + "/.hosts.json.Link12"), 0)
        let held = open(dir + "/.hosts.json.Lockd1", O_RDONLY)
        XCTAssertEqual(flock(held, LOCK_EX), 0, "a writer still at work holds its temp file's lock")
        defer { close(held) }

        try AtomicFile.write("{}", to: dir + "/hosts.json")

        let names = Set(try FileManager.default.contentsOfDirectory(atPath: dir))
        XCTAssertEqual(names, [
            "hosts.json", ".hosts.json.Fresh1", ".hosts.json.Lockd1", ".hosts.json.toolong7", ".hosts.json.ab-123",
            ".known_hosts.AbC123", "hosts.json.AbC123", ".hosts.json.Link12",
        ])
    }

    func testCreateNeverReplacesAndLeavesNoTempFile() throws {
        let path = dir + "/device_ed25519"
        XCTAssertTrue(try AtomicFile.create(Data("one".utf8), at: path, mode: 0o600))
        XCTAssertFalse(try AtomicFile.create(Data("two".utf8), at: path, mode: 0o600))
        XCTAssertEqual(try AtomicFile.read(path), Data("one".utf8))
        XCTAssertEqual(AtomicFile.mode(of: path), 0o600)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), ["device_ed25519"])
    }
}
