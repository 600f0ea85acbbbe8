import LibC
import Foundation
import XCTest
@testable import Files

/// Reads are bounded: a file Drover keeps must be a regular file of at most 16 MiB; nothing
/// read grows past its limit; a FIFO cannot make a read wait.
final class BoundedReadTests: XCTestCase {
    var dir: String!

    override func setUpWithError() throws {
        dir = (NSTemporaryDirectory() as NSString).appendingPathComponent("drover-bounded-\(UUID().uuidString.prefix(8))")
        try Directory.ensure(dir, mode: 0o700)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    private func error(_ body: () throws -> Data?) -> String? {
        do {
            _ = try body()
            return nil
        } catch {
            return "\(error)"
        }
    }

    func testLinkToDevZeroIsRefusedNotRead() throws {
        let path = dir + "/hosts.json"
        XCTAssertEqual(symlink("/dev/zero", path), 0)
        XCTAssertEqual(error { try AtomicFile.readTrusted(path) },
                       "\(path): is not a regular file (it is a character device). Move it away and try again; Drover keeps its files as regular files.")
        XCTAssertEqual(error { try AtomicFile.read(path, limit: 4096) },
                       "\(path): is larger than 4096 bytes, more than Drover reads from one file. Check that it is the right file, or move it away, and try again.",
                       "an untrusted read stops at its limit instead of growing")
    }

    func testFIFOIsRefusedWithoutWaitingForAWriter() throws {
        let path = dir + "/known_hosts"
        XCTAssertEqual(mkfifo(path, 0o600), 0)
        XCTAssertEqual(error { try AtomicFile.readTrusted(path) },
                       "\(path): is not a regular file (it is a FIFO). Move it away and try again; Drover keeps its files as regular files.")
    }

    func testDirectoryInPlaceOfAFileIsRefused() throws {
        let path = dir + "/device_ed25519"
        try Directory.ensure(path, mode: 0o700)
        XCTAssertTrue(error { try AtomicFile.readTrusted(path) }?.contains("is not a regular file (it is a directory)") == true)
    }

    func testFileOverTheLimitIsRefused() throws {
        let path = dir + "/hosts.json"
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]))
        XCTAssertEqual(truncate(path, off_t(AtomicFile.readLimit + 1)), 0)
        XCTAssertEqual(error { try AtomicFile.readTrusted(path) },
                       "\(path): is larger than 16 MiB, more than Drover reads from one file. Check that it is the right file, or move it away, and try again.")
        XCTAssertEqual(truncate(path, off_t(AtomicFile.readLimit)), 0)
        XCTAssertEqual(try AtomicFile.readTrusted(path)?.count, AtomicFile.readLimit, "exactly the limit is allowed")
    }

    func testSymlinkToARegularFileIsFollowed() throws {
        try AtomicFile.write("pins\n", to: dir + "/real")
        XCTAssertEqual(symlink(dir + "/real", dir + "/known_hosts"), 0)
        XCTAssertEqual(try AtomicFile.readTrusted(dir + "/known_hosts"), Data("pins\n".utf8))
    }
}
